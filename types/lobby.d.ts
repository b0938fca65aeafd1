// What the lobby page reads from the server (docs/server.md, "The lobby").

/** What the owner may choose in a spec of the French family (GET /api/specs, a spec's ``choices``). */
interface SpecChoices {
  modes: string[];
  mode: string;
  contracts: [number, number];
  per_game: number | null;
  hands: number | null;
  hands_most: number;
  pool: {
    name: string; label: string; twin: string | null; twin_label: string | null; suit: string | null;
    rank: string | null; all_or_nothing: boolean | null; optional_overtrump: boolean | null;
  }[];
  picked: string[];
  suits: string[];
  ranks: string[];
}

/** A bundled spec as GET /api/specs lists it. */
interface LobbySpec {
  name: string;
  title: string;
  description: string | null;
  players: number[];
  overlays: { name: string; kind: string; description: string | null; mode: string | null }[];
  choices: SpecChoices | null;
}

/** A page of GET /api/tables; ``shard`` when the tables are spread over workers. */
interface TablesPage {
  tables: { table: string; spec: string; players: number; status: string;
    seats: { seat: number; kind: string; taken: boolean; name: string }[] }[];
  next?: string | null;
  shard?: { index: number; of: number } | null;
}
