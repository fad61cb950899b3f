"""MUSH's screen: the header and seat strip, one painter per screen of the round, and
`render.paint`, which draws a `TableFrame` whole or only the regions that changed.
"""
