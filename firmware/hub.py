# MUSH pad hub: a Raspberry Pi Pico reading six pads for the table companion.
#
# Everything that touches hardware or time is passed in (pin class, clock module,
# writer), so the same code runs on the Pico and, with fakes, under CPython tests.
# The wire format lives in padproto.py, shared with the host; PROTOCOL.md explains it.
#
# Buttons are a 6 x 3 matrix: one row line per pad (driven low in turn), three column
# lines (left, right, select) with pull-ups, and a diode per button so any number of
# buttons on different pads can be down at once without ghosts. Direct wiring would
# need 18 pins and leave too few for six LEDs and six displays (see hardware/README.md).

import padproto

try:
    import utime as time
except ImportError:
    import time

FW_VERSION = "2.1.0"
PADS = 6
ROW_PINS = (0, 1, 2, 3, 4, 5)  # GP0-GP5: pad 0..5 row
COL_PINS = (6, 7, 8)  # GP6 left, GP7 right, GP8 select
LED_PINS = (9, 10, 11, 12, 13, 14)  # GP9-GP14: pad 0..5 light
TM_CLK = 15  # GP15: shared clock of all displays
TM_DIO = (16, 17, 18, 19, 20, 21)  # GP16-GP21: pad 0..5 display data
DISPLAY_MASK = 0x3F  # which pads have a display fitted (bit n = pad n)

DEBOUNCE_MS = 20
HOLD_MS = 2000
HEARTBEAT_MS = padproto.HUB_HEARTBEAT_MS
HOST_TIMEOUT_MS = padproto.HOST_TIMEOUT_MS  # no frame from the host this long: lights off,
# displays blank (the host's config is checked against the same number)
READ_BUDGET = 64  # bytes read per loop, so a flood never starves the button scan
# ticks_ms wraps every 2**30 ms and ticks_diff is only right within +-2**29 ms (6.2 days);
# a button untouched for longer would look as if it changed in the future and refuse
# its next press. Its last change is kept at most this far back (3.1 days).
IDLE_CAP_MS = 1 << 28


class Hub:
    """Per-button debounce and hold, light patterns, and the link to the host."""

    def __init__(self, pin_class, clock, write, displays=None, display_mask=DISPLAY_MASK):
        self.clock = clock
        self.write = write
        self.displays = displays
        self.display_mask = display_mask if displays is not None else 0
        self.rows = [pin_class(p, pin_class.OUT, value=1) for p in ROW_PINS]
        self.cols = [pin_class(p, pin_class.IN, pin_class.PULL_UP) for p in COL_PINS]
        self.leds = [pin_class(p, pin_class.OUT, value=0) for p in LED_PINS]
        self.debounce_ms = DEBOUNCE_MS
        self.hold_ms = HOLD_MS
        now = clock.ticks_ms()
        self.started = now
        # one debounce state per button: state, time of last accepted change, hold sent
        self.state = self.scan()
        # as if the last change were a debounce window ago, so the first press acts at once
        self.changed = [clock.ticks_add(now, -self.debounce_ms)] * (PADS * 3)
        self.held = [False] * (PADS * 3)
        self.light = [None] * PADS  # None = off, (on_ms, off_ms, count, start) or "on"
        self.tx_seq = 0
        self.rx_expected = None
        self.rx_gaps = 0
        self.rx_bad = 0
        self.rx = bytearray()
        self.last_host = now
        self.host_alive = False
        self.blanked = False  # went dark for want of the host: announce ourselves when it is back
        self.last_hb = now

    # ------------------------------------------------------------------ link out

    def send(self, kind, args=()):
        self.write(padproto.encode(self.tx_seq, kind, args))
        self.tx_seq = padproto.seq_next(self.tx_seq)

    def hello(self, proof=None):
        # at start-up there is no nonce to answer: the host then sends its own HELLO
        args = (padproto.PROTOCOL_VERSION, FW_VERSION, PADS, f"{self.display_mask:02X}")
        if proof is not None:
            args = args + (proof,)  # noqa: RUF005  (MicroPython has no (*a, b))
        self.send("HELLO", args)
        self.send_state()

    def send_state(self):
        self.send("STATE", ("".join("1" if s else "0" for s in self.state),))

    # ------------------------------------------------------------------ buttons

    def scan(self):
        """Raw pressed/not for all 18 buttons, pad-major, columns L R S."""
        raw = []
        for row in self.rows:
            row.value(0)
            for col in self.cols:
                raw.append(1 if col.value() == 0 else 0)
            row.value(1)
        return raw

    def update(self, raw, now):
        ticks_diff = self.clock.ticks_diff
        for i in range(PADS * 3):
            since = ticks_diff(now, self.changed[i])
            if since > IDLE_CAP_MS:
                self.changed[i] = self.clock.ticks_add(now, -IDLE_CAP_MS)
                since = IDLE_CAP_MS
            if raw[i] != self.state[i]:
                # first edge acts at once; then this button alone ignores its contact
                # for debounce_ms, so chatter on one pad never delays another
                if since >= self.debounce_ms:
                    self.state[i] = raw[i]
                    self.changed[i] = now
                    self.held[i] = False
                    self.button(i, "D" if raw[i] else "U")
            elif raw[i] and not self.held[i] and since >= self.hold_ms:
                self.held[i] = True
                self.button(i, "H")

    def button(self, i, kind):
        self.send("BTN", (i // 3, padproto.BUTTONS[i % 3], kind))

    # ------------------------------------------------------------------ link in

    def feed(self, data):
        for byte in data:
            if byte == 10:  # "\n"
                line = bytes(self.rx)
                self.rx = bytearray()
                if line.strip():
                    self.handle(line)
            elif len(self.rx) <= padproto.MAX_LINE:
                self.rx.append(byte)

    def handle(self, line):
        try:
            seq, kind, args = padproto.decode(line)
        except padproto.FrameError:
            self.rx_bad += 1
            return
        self.last_host = self.clock.ticks_ms()
        self.host_alive = True
        if self.blanked:
            # the host went quiet long enough for every light to go dark, and is back:
            # announce ourselves (an unproven HELLO), so it challenges us and sends every
            # light and display again (a HELLO from it is answered below anyway)
            self.blanked = False
            if kind != "HELLO":
                self.hello()
        if kind == "HELLO":
            self.rx_expected = padproto.seq_next(seq)
            if not args or args[0] != str(padproto.PROTOCOL_VERSION):
                self.send("ERR", ("VERSION",))
                self.hello()  # says which version this hub speaks; proves nothing
            elif len(args) != 2 or not padproto.is_nonce(args[1]):
                self.send("ERR", ("ARGS", kind))
                self.hello()
            else:
                self.hello(padproto.hello_proof(args[1]))
            return
        if self.rx_expected is not None and seq != self.rx_expected:
            self.rx_gaps += padproto.seq_gap(self.rx_expected, seq)
        self.rx_expected = padproto.seq_next(seq)
        try:
            self.command(kind, args)
        except (ValueError, IndexError):
            self.send("ERR", ("ARGS", kind))

    def command(self, kind, args):
        if kind == "HB":
            return
        if kind == "LED":
            pad = self.pad(args[0])
            mode = args[1]
            if mode == "ON":
                self.light[pad] = "on"
            elif mode == "OFF":
                self.light[pad] = None
            elif mode == "BLINK":
                on_ms = padproto.number(args[2], 60000)
                off_ms = padproto.number(args[3], 60000)
                count = padproto.number(args[4], 9999)
                if on_ms <= 0 or off_ms <= 0 or len(args) != 5:
                    raise ValueError("blink")
                self.light[pad] = (on_ms, off_ms, count, self.clock.ticks_ms())
            else:
                raise ValueError("mode")
            self.show_light(pad, self.clock.ticks_ms())
        elif kind == "SHOW":
            pad = self.pad(args[0])
            text = args[1] if len(args) > 1 else "_"
            if len(text.replace(".", "")) > 4:
                raise ValueError("text")
            if self.display_mask & (1 << pad):
                self.displays.show(pad, text)
        elif kind == "QSTATE":
            self.send_state()
        elif kind == "CFG":
            hold = padproto.number(args[0], 60000)
            debounce = padproto.number(args[1], 200)
            if hold < 100 or len(args) != 2:
                raise ValueError("cfg")
            self.hold_ms, self.debounce_ms = hold, debounce
        else:
            self.send("ERR", ("CMD", kind))

    def pad(self, text):
        return padproto.number(text, PADS - 1)  # "04", "+4" and "0_2" are refused

    # ------------------------------------------------------------------ time

    def show_light(self, pad, now):
        light = self.light[pad]
        if light is None:
            on = 0
        elif light == "on":
            on = 1
        else:
            on_ms, off_ms, count, start = light
            elapsed = self.clock.ticks_diff(now, start)
            period = on_ms + off_ms
            if count and elapsed >= period * count:
                self.light[pad] = None
                on = 0
            else:
                on = 1 if elapsed % period < on_ms else 0
        self.leds[pad].value(on)

    def tick(self, now):
        ticks_diff = self.clock.ticks_diff
        for pad in range(PADS):
            self.show_light(pad, now)
        if ticks_diff(now, self.last_hb) >= HEARTBEAT_MS:
            self.last_hb = now
            self.send("HB", (ticks_diff(now, self.started) & 0x7FFFFFFF, self.rx_bad,
                             self.rx_gaps))
        if self.host_alive and ticks_diff(now, self.last_host) > HOST_TIMEOUT_MS:
            # the host has gone: do not leave a light or a private bid showing
            self.host_alive = False
            self.blanked = True
            for pad in range(PADS):
                self.light[pad] = None
                self.leds[pad].value(0)
                if self.display_mask & (1 << pad):
                    self.displays.show(pad, "")

    def step(self):
        now = self.clock.ticks_ms()
        self.update(self.scan(), now)
        self.tick(now)


def main(loops=None):
    """Run the hub on the Pico: USB serial in and out, scan every millisecond."""
    import sys

    import machine
    import micropython

    try:
        import uselect as select
    except ImportError:
        import select

    from tm1637 import TM1637Bank

    micropython.kbd_intr(-1)  # a 0x03 byte on the link is data, not Ctrl-C
    stdin = sys.stdin.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    bank = TM1637Bank(machine.Pin, TM_CLK, TM_DIO, time.sleep_us) if DISPLAY_MASK else None
    hub = Hub(machine.Pin, time, sys.stdout.buffer.write, bank)
    hub.hello()
    count = 0
    while loops is None or count < loops:
        count += 1
        budget = READ_BUDGET
        while budget and poller.poll(0):
            data = stdin.read(1)
            if not data:
                break
            hub.feed(data)
            budget -= 1
        hub.step()
        time.sleep_ms(1)
    return hub
