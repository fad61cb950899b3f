# TM1637 4-digit displays, one per pad, sharing one CLK line with a DIO line each.
#
# Why shared CLK works: a TM1637 only listens after a start condition (DIO falling
# while CLK is high). A display whose DIO stays still while CLK toggles never sees
# one, so only the display whose DIO we move is addressed.

# segments gfedcba
_SEGMENTS = {
    "0": 0x3F, "1": 0x06, "2": 0x5B, "3": 0x4F, "4": 0x66, "5": 0x6D, "6": 0x7D,
    "7": 0x07, "8": 0x7F, "9": 0x6F, "A": 0x77, "B": 0x7C, "C": 0x39, "D": 0x5E,
    "E": 0x79, "F": 0x71, "-": 0x40, "_": 0x00, " ": 0x00,
}
_DATA_AUTO = 0x40  # write data, auto-increment address
_ADDR_0 = 0xC0
_DISPLAY_ON = 0x88  # | brightness 0-7


def segments(text: str) -> bytes:
    """Four segment bytes for up to four characters, right-aligned; "." lights a dot."""
    cells = []
    for ch in text.upper():
        if ch == "." and cells:
            cells[-1] |= 0x80
        else:
            cells.append(_SEGMENTS.get(ch, 0x00))
    cells = cells[-4:]
    while len(cells) < 4:
        cells.insert(0, 0x00)
    return bytes(cells)


class TM1637Bank:
    """Several TM1637s on one CLK pin and one DIO pin each."""

    def __init__(self, pin_class, clk: int, dios: tuple, sleep_us, brightness: int = 4):
        self._pin = pin_class
        self._clk = pin_class(clk, pin_class.OUT, value=0)
        self._dios = [pin_class(d, pin_class.OUT, value=1) for d in dios]
        self._sleep_us = sleep_us
        self._brightness = brightness & 7

    def _start(self, dio) -> None:
        dio.value(1)
        self._clk.value(1)
        self._sleep_us(2)
        dio.value(0)
        self._sleep_us(2)
        self._clk.value(0)

    def _stop(self, dio) -> None:
        dio.value(0)
        self._clk.value(1)
        self._sleep_us(2)
        dio.value(1)
        self._sleep_us(2)
        self._clk.value(0)  # CLK rests low so other displays never see a start

    def _byte(self, dio, value: int) -> None:
        for bit in range(8):
            dio.value((value >> bit) & 1)
            self._sleep_us(2)
            self._clk.value(1)
            self._sleep_us(2)
            self._clk.value(0)
        # ninth clock: the display pulls DIO low to acknowledge; we do not need to read it
        dio.init(self._pin.IN, self._pin.PULL_UP)
        self._clk.value(1)
        self._sleep_us(2)
        self._clk.value(0)
        dio.init(self._pin.OUT, value=0)

    def show(self, index: int, text: str) -> None:
        """Show text on display `index` (0-based pad number)."""
        dio = self._dios[index]
        self._start(dio)
        self._byte(dio, _DATA_AUTO)
        self._stop(dio)
        self._start(dio)
        self._byte(dio, _ADDR_0)
        for cell in segments(text):
            self._byte(dio, cell)
        self._stop(dio)
        self._start(dio)
        self._byte(dio, _DISPLAY_ON | self._brightness)
        self._stop(dio)
