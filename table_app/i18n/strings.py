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

from . import N_

# ---- the games (table_app.variants.VARIANTS: names and one-line descriptions)
VARIANT_NAMES = {
    "contract": N_("Contract Rummy"),
    "may_i": N_("May I?"),
    "mexican": N_("Mexican Rummy"),
    "michigan": N_("Michigan Rummy"),
}
VARIANT_DESCRIPTIONS = {
    "contract": N_("Seven contracts; lay exactly the contract, call the upcard for a penalty "
                   "card."),
    "may_i": N_("Seven contracts with a big opening; buy the upcard out of turn by asking "
                "\"May I?\"."),
    "mexican": N_("Seven contracts with a growing hand and a wild rank that rises every "
                  "round."),
    "michigan": N_("A stops game for chips: pay cards, a kitty and a widow; be first out."),
}

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
    "auto_pass_buys": N_("Pass buying windows automatically"),
    "skip_animations": N_("Skip animations"),
    "sound_on": N_("Sound"),
    "volume": N_("Volume"),
    "four_color": N_("Four-colour deck"),
    "large_index": N_("Large corner indices"),
    "card_size": N_("Card size"),
    "card_back": N_("Card back"),
    "confirm_go_down": N_("Confirm before going down"),
}
ON = N_("on")
OFF = N_("off")
NO_COUNTDOWN = N_("no countdown")
CARD_SIZES = {"small": N_("small"), "medium": N_("medium"), "large": N_("large")}
