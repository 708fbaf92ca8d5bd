// A room, live over the WebSocket /ws/games/<id>: the server sends the table after
// every change (the other player's moves appear without a reload), and the page sends
// its moves the same way. A dropped connection comes back by itself; the cookie
// tells the server who we are, so a player who returns finds his seat again.

const RETRY_MS = [300, 1000, 2000, 4000];

export class Live {
  constructor(id, { onState, onError, onStatus }) {
    this.id = id;
    this.handlers = { onState, onError, onStatus };
    this.stopped = false;
    this.tries = 0;
    this.socket = null;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(this.id)}`);
    this.socket = socket;
    this.handlers.onStatus("connecting");
    socket.addEventListener("open", () => {
      this.tries = 0;
      this.handlers.onStatus("connected");
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (message.type === "state") this.handlers.onState(message);
      else if (message.type === "error") this.handlers.onError(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.handlers.onStatus("disconnected");
      if (event.code === 4404) return; // the game is gone: nothing to come back to
      const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
      this.tries += 1;
      setTimeout(() => { if (!this.stopped) this.connect(); }, wait);
    });
  }

  get open() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    this.socket?.close();
  }
}
