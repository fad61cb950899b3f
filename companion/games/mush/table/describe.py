"""Commands and refusals in words: for the undo offer, the notices and the log."""

from __future__ import annotations

from companion.exc import (
    GameOverError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
)
from companion.games.mush import commands as cmd
from companion.games.mush.state import GameState
from companion.games.mush.table.menus import CLIMATE_LABEL, PLACE_LABEL, STICK_LABEL, gain_text
from companion.i18n import speaking, t


def describe(command: cmd.Command, state: GameState) -> str:
    """A short account of a command for logs and the undo offer; never a bid's value."""
    if isinstance(command, cmd.LockBid):
        return t("d.locked")  # the amount is a secret until the reveal (I5)
    if isinstance(command, cmd.UnlockBid):
        return t("d.unlocked")
    if isinstance(command, cmd.StartGame):
        return t("d.started", n=command.settings.players)
    if isinstance(command, cmd.ChooseTraining):
        return t("d.training", training=CLIMATE_LABEL[command.training])
    if isinstance(command, cmd.Rest):
        n_dogs, n_chips = command.gain
        return t("d.rested", place=PLACE_LABEL[command.place], gain=gain_text(n_dogs, n_chips))
    if isinstance(command, cmd.Reduce):
        return t("d.reduced", n=command.chips)
    if isinstance(command, cmd.MoveStick):
        return t("d.stick", what=STICK_LABEL[command.action].lower())
    if isinstance(command, cmd.CrossZone):
        return t("d.crossed") if command.forward else t("d.back")
    if isinstance(command, cmd.RollTerrain | cmd.RollAvalanche):
        kind = "d.terrain" if isinstance(command, cmd.RollTerrain) else "d.avalanche"
        return t(kind, n=command.modifier)
    words = {
        cmd.RollWeather: "d.weather", cmd.Move: "d.move",
        cmd.Reroll: "d.reroll", cmd.Pass: "d.pass", cmd.CloseWindow: "d.close",
        cmd.PayPassing: "d.passing", cmd.ReachNikolai: "d.nikolai",
        cmd.ReachNome: "d.nome", cmd.EndMove: "d.end_move",
        cmd.Press: "d.press", cmd.SkipPress: "d.skip_press",
    }
    key = words.get(type(command))
    return t(key) if key else type(command).__name__


def log_words(command: cmd.Command, state: GameState) -> str:
    """`describe` in English, whatever the screen speaks: the log is for whoever keeps
    the companion running."""
    with speaking("en"):
        return describe(command, state)


def refusal_text(error: RulesError) -> str:
    """What a seat is told when the rules refuse its press."""
    if isinstance(error, NotEnoughChipsError):
        return t("c.no_chips")
    if isinstance(error, NotYourTurnError):
        return t("c.not_your_turn")
    if isinstance(error, GameOverError):
        return t("c.game_over")
    return str(error)
