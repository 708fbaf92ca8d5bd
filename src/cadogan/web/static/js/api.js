// The JSON API, as the page uses it. Every call answers with parsed JSON or throws
// an ApiError carrying the server's sentence (an illegal move's rule, a bad request).

export class ApiError extends Error {
  constructor(status, kind, message) {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", "the server cannot be reached");
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, data.kind || "http", data.error || response.statusText);
  }
  return data;
}

const game = (id) => `/api/sessions/${encodeURIComponent(id)}`;

export const api = {
  games: () => call("GET", "/api/games"),
  rules: (gameId) => call("GET", `/api/games/${encodeURIComponent(gameId)}/rules`),
  start: (gameId, deal, options) =>
    call("POST", "/api/sessions", { game: gameId, deal: deal ?? null, options: options || {} }),
  show: (id) => call("GET", game(id)),
  move: (id, text) => call("POST", `${game(id)}/moves`, { move: text }),
  undo: (id) => call("POST", `${game(id)}/undo`),
  redo: (id) => call("POST", `${game(id)}/redo`),
  restart: (id) => call("POST", `${game(id)}/restart`),
  autoplay: (id) => call("POST", `${game(id)}/autoplay`),
  hint: (id) => call("POST", `${game(id)}/hint`),
  leave: (id) => call("POST", `${game(id)}/leave`),
  solve: (id, seconds) => call("POST", `${game(id)}/solve`, { seconds, from_start: true }),
  step: (id, n) => call("GET", `${game(id)}/steps/${n}`),
  load: (text) => call("POST", "/api/sessions/records", { record: text }),
  recordUrl: (id) => `${game(id)}/record`,
  room: (gameId, deal, options, computer) =>
    call("POST", "/api/rooms", { game: gameId, deal: deal ?? null, options: options || {}, computer }),
  me: () => call("GET", "/api/me"),
  rename: (name) => call("PUT", "/api/me", { name }),
  stats: () => call("GET", "/api/me/stats"),
  myGames: () => call("GET", "/api/me/games"),
  resetStats: () => call("POST", "/api/me/stats/reset", { confirm: true }),
};

// The largest deal number the server takes (2**63 - 1).
const MAX_DEAL = 9223372036854775807n;

// Why ``text``, typed in a deal box, is not a deal number, or null when it is one.
export function notADeal(text) {
  if (/^[1-9][0-9]{0,18}$/.test(text) && BigInt(text) <= MAX_DEAL) return null;
  return `That is not a deal number: deal numbers run from 1 to ${MAX_DEAL}.`;
}
