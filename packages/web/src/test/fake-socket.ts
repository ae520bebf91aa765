// A stand-in for the browser's WebSocket, so a test can play the server's live messages.
import { vi } from "vitest";

export class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  /** Delivers a message as the server would send it. */
  emit(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  close() {
    this.closed = true;
  }
}

/** Replaces window.WebSocket for the current test; returns the sockets the app opens. */
export function stubWebSocket() {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  return FakeSocket.instances;
}
