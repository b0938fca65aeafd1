// The table protocol as the table page reads it: docs/table.md, with the
// server's additions of docs/server.md and the game's events and views of
// docs/game.md. Cards, suits and ranks are written as in docs/records.md
// ("QH", "H", "Q"); seats are numbers from 0.

type Card = string;
type Seat = number;
/** A double: [doubler, doubled]. */
type Double = [Seat, Seat];

// ---- events (docs/game.md, "Events") ------------------------------------------

type GameEvent =
  | { type: "hand_begins"; hand: number; hands: number | null; declarer: Seat; dealer: Seat; target: number | null }
  | { type: "deal"; seat: Seat; cards: Card[] }
  | { type: "redeal"; seat: Seat; reason: string }
  | { type: "contract"; seat: Seat; contract: string; trump: string | null; start_rank: string | null }
  | { type: "passing"; direction: string; cards: number }
  | { type: "give"; seat: Seat; card: Card }
  | { type: "exchange"; seat: Seat; given: Card[]; received: Card[] }
  | { type: "double"; seat: Seat; doubled: Seat[] }
  | { type: "play_begins"; seat: Seat }
  | { type: "card"; seat: Seat; card: Card | "pass" }
  | { type: "trick"; number: number; winner: Seat; points: number; cards: Card[] }
  | { type: "widow"; seat: Seat; cards: Card[] }
  | { type: "out"; seat: Seat; place: number }
  | { type: "early_end" }
  | { type: "hand_ends"; hand: number; contract: string; declarer: Seat; status: "complete" | "not_played";
      doubles: Double[]; raw: number[]; transfers: number[]; final: number[]; totals: number[] }
  | { type: "game_ends"; totals: number[]; winners: Seat[] };

// ---- the seat's view (docs/game.md, "What a seat may know") -------------------

interface Trick { leader: Seat; cards: Card[]; winner: Seat }

interface TablePosition {
  held: number[];
  points: number[];
  // trick play
  trick?: { number: number; leader: Seat; cards: Card[]; winning: { seat: Seat; card: Card } | null } | null;
  tricks?: Trick[];
  taken?: Card[][];
  // domino
  start_rank?: string | null;
  rows?: Record<string, { low: string; high: string } | null>;
  plays?: [Seat, Card | "pass"][];
  placings?: Seat[];
}

interface SeatViewJSON {
  seat: Seat;
  players: number;
  names: string[] | null;
  spec: string;
  hand: number;
  hands: number | null;
  target: number | null;
  declarer: Seat | null;
  dealer: Seat | null;
  cards: Card[];
  contract: string | null;
  trump: string | null;
  start_rank: string | null;
  doubles: Double[];
  against_declarer: number[];
  turn: { seat: Seat; kind: string } | null;
  totals: number[];
  over: boolean;
  table: TablePosition | null;
  passing: { direction: string; cards: number; given: Card[]; received: Card[] | null } | null;
  widow: { cards: number; goes: string; taken_by: Seat | null; shown: Card[] | null } | null;
}

// ---- messages, server to seat (docs/table.md; docs/server.md) -----------------

interface SeatedMessage { type: "seated"; seat: Seat; players: string[]; spec: string; protocol: string; key?: string }

interface TableSeat {
  seat: Seat; kind: string; name: string; taken: boolean; connected: boolean; standin: string | null; standing: boolean;
}

interface TableMessage {
  type: "table"; table: string; spec: string; title: string; titles?: Record<string, string>; aim: string;
  hands: number | null; status: "waiting" | "playing" | "over"; paused: boolean; ended: boolean;
  absent_after: number | null; after: Seat[]; pot: boolean; payout: number[]; seats: TableSeat[];
}

interface EventMessage {
  type: "event";
  n: number;
  event: GameEvent;
  /** A hand_ends in a game with a pot: what each seat collected, what the pot holds after (docs/server.md). */
  pot?: { collected: number[]; left: number };
  /** The game_ends of a game with payments by place: what each seat receives (docs/server.md). */
  payouts?: number[];
}

interface DoubleOfferJSON {
  targets: Seat[]; cover_all: boolean; redouble: boolean; positive: boolean; made: number; minimum: number;
  series_left: number; counted: string;
}

interface ViewMessage { type: "view"; view: SeatViewJSON; minimum: number; offer: DoubleOfferJSON | null }

/** What changed since the last view: [path of keys, new value] pairs (docs/server.md). */
interface ViewChangesMessage { type: "view_changes"; changes: [(string | number)[], unknown][] }

interface DecisionMessage { type: "decision"; id: number; kind: string; options: any[]; deadline?: number }

interface OverMessage { type: "over"; totals: number[]; winners: Seat[]; ended?: boolean }

interface ErrorMessage { type: "error"; code: string; message: string; reason?: string; [field: string]: unknown }

type ServerMessage =
  | SeatedMessage | TableMessage | EventMessage | ViewMessage | ViewChangesMessage | DecisionMessage
  | OverMessage | ErrorMessage;

// ---- the owner's requests (docs/server.md) -------------------------------------

/** GET /api/tables/ID/owner: the table message's fields, and the owner's. */
interface OwnerInfo extends Omit<TableMessage, "type"> {
  links?: (string | null)[];
  invites?: (string | null)[];
  house?: string | null;
}

/** GET /api/tables/ID/contracts: a contract's name, its name in a language, its description. */
interface ContractWords { name: string; label: string; lines: string[] }

interface Window {
  /** The table page's game as it knows it, for tests and assistive tools. */
  barbuTable?: unknown;
}
