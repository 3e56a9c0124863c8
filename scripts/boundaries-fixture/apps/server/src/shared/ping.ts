import { pong } from "./pong";

// Breach: ping and pong import each other.
export const ping = () => pong;
