"""MUSH's table: its controller (a small dispatcher), the parts it dispatches to (secret
bids, reaction windows, dice entered by hand, undo, setup, the menus built from the rules'
options), its frame and its bots on virtual pads; built on the shared `companion.table`.
"""
