# Runs at power-up on the Pico. Kept tiny so a broken hub.py can be replaced over USB:
# hold the select button of pad 0 at power-up to skip the hub and get the REPL.
import hub
import machine

_row = machine.Pin(hub.ROW_PINS[0], machine.Pin.OUT, value=0)
_col = machine.Pin(hub.COL_PINS[2], machine.Pin.IN, machine.Pin.PULL_UP)
if _col.value() == 1:
    _row.value(1)
    hub.main()
