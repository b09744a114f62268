"""Common UI strings, marked for translation: import a constant and show ``_(CONST)``
(not the constant itself: the language can change while the app runs)::

    from table_app.i18n import _
    from table_app.i18n import strings as S
    button.set_text(_(S.UNDO))
    label = _(S.VARIANT_NAMES["may_i"])
    phase = _(S.PHASES["draw"])

Everything here is in the catalogs (``N_`` only marks it for the extractor).
"""
from __future__ import annotations

from ..variants.specs import VARIANT_SPECS as _variant_specs
from . import N_

# ---- the games: names and one-line descriptions, from each variant's spec (the one place
# a game is described: table_app/variants/specs.py, where they are marked)
VARIANT_NAMES = {v.id: v.name for v in _variant_specs.values()}
VARIANT_DESCRIPTIONS = {v.id: v.description for v in _variant_specs.values()}

# ---- whose turn and what now (the rules' to_act phases)
YOUR_TURN = N_("Your turn")
PHASES = {
    "deal": N_("Deal"),
    "draw": N_("Draw"),
    "buy": N_("Buy?"),
    "play": N_("Meld or discard"),
    "lead": N_("Lead"),
    "follow": N_("Play the next card"),
}
PHASE_HELP = {
    "draw": N_("Take the upcard or draw from the stock"),
    "buy": N_("Buy the upcard out of turn, or pass"),
    "play": N_("Go down, lay off, then discard a card"),
    "lead": N_("Lead the lowest card of a suit"),
    "follow": N_("Play the next card of the sequence"),
}
TURN_OF = N_("{name}'s turn")
WAITING_FOR = N_("Waiting for {name}")

# ---- actions (buttons and keys)
MAY_I = N_("May I?")
CALL = N_("Call")
PASS = N_("Pass")
GO_DOWN = N_("Go down")
LAY_OFF = N_("Lay off")
# the button (and key A) that lays off every card of the hand that fits a meld on the table
LAY_OFF_ALL = N_("Lay off all that fits")
DISCARD = N_("Discard")
DRAW_STOCK = N_("Draw from the stock")
TAKE_UPCARD = N_("Take the upcard")
PASS_UPCARD = N_("Pass the upcard")
SWAP_WILD = N_("Swap the wild")
UNDO = N_("Undo")
REDO = N_("Redo")
HINT = N_("Hint")
SUGGEST = N_("Suggest")
CLEAR = N_("Clear")
SORT_SUIT = N_("Sort: suit")
SORT_RANK = N_("Sort: rank")
SORT_SUIT_HELP = N_("Sort your hand by suit")
SORT_RANK_HELP = N_("Sort your hand by rank")
NEXT_DEAL = N_("Next deal")
# a contract game's next round (one of the seven contracts); Michigan's is a deal
NEXT_ROUND = N_("Next round")

# ---- screens and menus
SETTINGS = N_("Settings")
RULES = N_("Rules")
REPLAYS = N_("Replays")
RESUME = N_("Resume")
QUIT = N_("Quit")
NEW_GAME = N_("New game")
START = N_("Start")
BACK = N_("Back")
CLOSE = N_("Close")
MENU = N_("Menu")
VIEW = N_("View")
YOUR_GAMES = N_("Your games")
BACK_TO_TABLE = N_("Back to the table")
BACK_TO_PICKER = N_("Back to the picker")
LEAVE_TO_PICKER = N_("Leave to the picker")
HOW_IT_PLAYS = N_("How it plays")
PLAYERS = N_("Players:")
ROTATIONS = N_("Rotations of the deal:")
GAME = N_("Game")
LANGUAGE = N_("Language")
SYSTEM_LANGUAGE = N_("System language")
KEYBOARD_HELP = N_("Keyboard shortcuts")

# ---- computer players' levels
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}

# ---- the score sheet and the results
SCORE_SHEET = N_("Score sheet")
SCORES = N_("Scores")
RESULTS = N_("Results")
ROUND_N = N_("Round {n}")
TOTAL = N_("Total")
BALANCE = N_("Balance")
DEALS_WON = N_("Deals won")
PLAYER = N_("Player")
WINNER = N_("Winner")
WINNERS = N_("Winners")
DEAD_DEAL = N_("Dead deal: nobody went out")
WENT_OUT = N_("{name} went out")
# the human seat's own form (the verb agrees with "you" in ru/uk: "Ви виходите")
YOU_WENT_OUT = N_("You went out")
CONTRACT = N_("Contract")
WILD_RANK = N_("Wild rank: {rank}")
WIDOW_WAS = N_("The widow was: ")
KITTY = N_("Kitty")
WIDOW = N_("Widow")
STOCK = N_("Stock")
DISCARD_PILE = N_("Discard pile")
CHIPS = N_("chips")

# ---- Michigan's layout cells
PAY_CARDS = N_("Pay cards")

# ---- settings
SETTING_NAMES = {
    "language": N_("Language"),
    "animation_speed": N_("Animation speed"),
    "ai_speed": N_("Computer players' pace"),
    "buy_countdown_s": N_("May I? countdown (seconds)"),
    "auto_pass_buys": N_("Pass every buy and call automatically"),
    # Contract calls the upcard (CR-5): its own window, in its own words
    "call_countdown_s": N_("Contract: time to call (seconds)"),
    "ask_only_fitting": N_("Offer a card only when it fits my hand"),
    "michigan_pause_s": N_("Michigan: pause at stops and pay cards"),
    "skip_animations": N_("Skip animations"),
    "sound_on": N_("Sound"),
    "volume": N_("Volume"),
    "four_color": N_("Four-colour deck"),
    "large_index": N_("Large corner indices"),
    "card_size": N_("Card size"),
    "card_back": N_("Card back"),
    "confirm_go_down": N_("Confirm before going down"),
    "ui_scale": N_("Interface size"),
    "ai_cores": N_("Cores for the hard players' thinking"),
}
#: the stored settings the Settings screen does not show, named in words where a message
#: names one (a bad value in settings.json): the picker's choices, the window
STORED_SETTING_NAMES = {
    "default_variant": N_("The picker's default game"),
    "default_players": N_("The picker's default number of players"),
    "default_levels": N_("The picker's default levels of the computer players"),
    "last_variant": N_("The game last chosen in the picker"),
    "last_players": N_("The number of players last chosen in the picker"),
    "last_levels": N_("The computer players' levels last chosen in the picker"),
    "last_names": N_("The players' names last chosen in the picker"),
    "last_options": N_("The game options last chosen in the picker"),
    "fullscreen": N_("Full screen"),
    "window_size": N_("Window size"),
}
ON = N_("on")
OFF = N_("off")
NO_COUNTDOWN = N_("no countdown")
CARD_SIZES = {"small": N_("small"), "medium": N_("medium"), "large": N_("large")}

# ---- the scenes' own wording, translated ahead: wrap the same literal in _() where it
# is shown (``_("Nothing to undo")``) and it is already in the catalogs.
UI_TEXTS = (
    # picker
    N_("No unfinished game"),
    N_("Deuces wild: "),
    N_("Twos are wild too (CR-3 option)"),
    N_("Choose a game"),
    N_("Seven rounds, each with a contract (2 sets, 1 set + 1 run, ... up to 2 sets of 3 and "
       "a run of 7). Lay exactly the contract, then lay off from the same turn. A player who "
       "is down may swap a natural card for a joker in a run. When the player to act passes "
       "the upcard, the others may call it and take a penalty card with it. Lowest total "
       "after seven rounds wins."),
    N_("Seven rounds with growing contracts; the last is three runs. Going down may use longer "
       "melds; lay off only from your next turn. When the player to act declares for the "
       "stock, anyone may ask \"May I?\" and take the upcard plus a penalty card; nearest to "
       "the player to act wins. Jokers never move. Lowest total wins."),
    N_("Hands grow from 7 to 13 cards and the wild rank rises with the round (threes in round "
       "1, nines in round 7), besides the jokers. No buying. Lay off only from your next turn; "
       "in round 7 go out with three runs and the whole hand at once."),
    N_("A stops game for chips. Everyone antes to the four pay cards (A♥ K♣ Q♦ J♠) and the "
       "kitty. Lead the lowest card of a suit; whoever holds the next card must play it. Play "
       "a pay card to take its chips; be first out to take the kitty and a chip for every "
       "card the others still hold. The widow stays hidden until the deal ends."),
    # the table
    N_("Joker"),
    N_("Redo (Ctrl+Y)"),
    N_("Undo back to your previous decision (Ctrl+Z)"),
    N_("The score sheet"),
    N_("Suggested: press Go down to lay it"),
    N_("Your turn: drag the upcard or the stock's top card to your hand"),
    N_("Your lead: click or drag one of the lifted cards"),
    N_("Fill the meld area with the best going-down"),
    N_("Take the cards being built back into your hand"),
    N_("Lay down the contract's melds"),
    N_("Nothing to undo"),
    N_("Redone"),
    N_("Nothing to redo"),
    N_("No going-down found in your hand yet"),
    N_("Build the contract's melds first"),
    N_("Drawing from the stock…"),
    N_("Take the upcard and a penalty card, or pass"),
    N_("Discard one card at a time (CF-11)"),
    N_("You have already gone down: lay off on the table's melds (CF-7)"),
    N_("Lay off one card at a time (CF-8)"),
    N_("You are down: drop cards on a meld on the table to lay off"),
    N_("Build your contract here: {contract}. Select cards and drag them here, or press "
       "Suggest"),
    N_("Melds go here"),
    N_("Stock {n}"),
    N_("Seat {n}"),
    N_("Buy"),
    # score sheet and results
    N_("Nobody"),
    N_("On the layout: "),
    N_("Shared win: "),
    # library and replays
    N_("Select a game to replay"),
    N_("No games yet: play one from the picker"),
    N_("Replay"),
    N_("The library can't be read: "),
    N_("All hands open"),
    N_("Next move"),
    N_("Go to the chosen player's next decision"),
    N_("Play on from here"),
    N_("Start a new practice game from this point with the same cards"),
    N_("Close the viewer (Esc)"),
    N_("Pause"),
    N_("Play"),
    N_("The start of the record: press > or Play"),
    N_("Not a game record"),
    N_("To the start (Home)"),
    N_("To the start of this deal, or of the one before (PageUp)"),
    N_("To the start of this round, or of the one before (PageUp)"),
    N_("One event back (Left)"),
    N_("Play / pause (Space)"),
    N_("One event forward (Right)"),
    N_("To the start of the next deal (PageDown)"),
    N_("To the start of the next round (PageDown)"),
    N_("To the end (End)"),
    N_("Go to deal…"),
    N_("Go to round…"),
    N_("Your melds"),
    N_("Your played cards"),
    N_("Chips"),
    N_("Points"),
    N_("Cancel"),
    N_("The record has no events"),
    N_("Before the first deal"),
    N_("Before the first round"),
    N_("Deal {n}"),
    N_("Event {n}"),
    N_("Problem"),
    N_("You"),
    N_("The record has no deal to play on from"),
    N_("The game is over at this point"),
    N_("The last line was cut off (a crash while writing) and is not shown"),
    N_("Marked practice (an undo went back past a hidden card)"),
    N_("Undo here"),
    N_("Game over: "),
)
