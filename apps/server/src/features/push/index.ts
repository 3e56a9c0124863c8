export { type PushMessage, pushTarget } from "./push-outbox";
export { channelsOf, enqueuePushDeliveries } from "./push-outbox.repository";
