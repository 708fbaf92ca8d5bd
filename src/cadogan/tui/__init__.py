"""The Textual terminal UI (``cadogan tui``): every game playable from the keyboard."""
