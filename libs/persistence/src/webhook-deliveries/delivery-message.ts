/**
 * A delivery's message as stored since decision 047: once per event. The delivery keeps its own
 * part (`message_head`, the message without its payload) and its event's message row
 * (`event_message_id`) holds the payload; the text sent is the head without its closing brace,
 * `,"payload":`, the payload and `}` — the text the fan-out writes and hands off. A delivery
 * written before keeps its whole `message`, sent as it is.
 */

/** SQL: the message text of the delivery row aliased `d`. */
export function messageText(d: string): string {
  return `coalesce(${d}.message::text, left(${d}.message_head::text, -1) || ',"payload":' || (select e.payload::text from webhook_event_messages e where e.id = ${d}.event_message_id) || '}')`;
}

/** SQL: the account URL the message of the delivery row aliased `d` names (its `account`: the JWT issuer); the head holds it. */
export function messageAccount(d: string): string {
  return `coalesce(${d}.message, ${d}.message_head)->>'account'`;
}
