/**
 * A delivery's message as stored since decision 047: once per event. The delivery keeps its own
 * part (`message_head`, the message without its payload) and its event's message row
 * (`event_message_id`) holds the payload; the text sent is the head without its closing brace,
 * `,"payload":`, the payload and `}` — the text the fan-out writes and hands off. A delivery
 * written before keeps its whole `message`, sent as it is.
 */

/** A message's text from its head without the closing brace and its event's payload text: what `messageText` makes in SQL. */
export function joinedMessage(openHead: string, payload: string): string {
  return `${openHead},"payload":${payload}}`;
}

/** SQL: the message text of the delivery row aliased `d`. */
export function messageText(d: string): string {
  return `coalesce(${d}.message::text, left(${d}.message_head::text, -1) || ',"payload":' || (select e.payload::text from webhook_event_messages e where e.id = ${d}.event_message_id and e.created_at = ${d}.id_time) || '}')`;
}

/**
 * SQL: the account URL a delivery written before decision 047 names (its whole `message`); null for
 * one written since, whose account the claim reads from the head (`accountOfHead`): parsing every
 * head's JSON in the claim cost PostgreSQL 4.3 µs a delivery, a third of the claim's join.
 */
export function storedMessageAccount(d: string): string {
  return `${d}.message->>'account'`;
}

/**
 * The head's fields before `account`, as every head is written (buildWebhookMessage's order, decision
 * 061's parts): `webhook_id`, `webhook_nodeID`, `account_id`, then `account`. A JSON string holds no
 * unescaped quote, so nothing inside a value can end one of these early.
 */
const HEAD_ACCOUNT = /^\{"webhook_id":-?\d+,"webhook_nodeID":"(?:[^"\\]|\\.)*","account_id":"(?:[^"\\]|\\.)*","account":("(?:[^"\\]|\\.)*")/;

/** The account URL a delivery's message names (its `account`: the JWT issuer), read off the head's start, or from the whole message when it is not in that order. */
export function accountOfMessage(message: string): string {
  const found = HEAD_ACCOUNT.exec(message);
  return found ? (JSON.parse(found[1]!) as string) : ((JSON.parse(message) as { account: string }).account);
}

/**
 * SQL: `column` (a delivery's `id_time`, or an attempt's `delivery_id_time`) within the time the
 * delivery id `id` carries (decision 057: a UUID v7's first 48 bits), so a lookup by id reads the one
 * partition of the log that can hold it — at plan time for a parameter, per row in a join. An id
 * made before carries no time, and the range is then every partition.
 */
export function createdWith(column: string, id: string): string {
  return `${column} >= coalesce(uuid_extract_timestamp(${id}), '-infinity') and ${column} <= coalesce(uuid_extract_timestamp(${id}), 'infinity')`;
}

/**
 * SQL: `column` within the times the ids of `ids` (a one-column select) carry, from the earliest to
 * the latest: the partitions a batch can touch, known before its join runs. The planner may join a
 * batch's deliveries on an id it holds equal to the delivery's (the queue row's), leaving
 * `createdWith` a filter after every partition's index was read; these bounds prune whatever the
 * join order.
 */
export function createdAmong(column: string, ids: string): string {
  return `${column} >= (select min(coalesce(uuid_extract_timestamp(i.id), '-infinity')) from (${ids}) as i(id))
          and ${column} <= (select max(coalesce(uuid_extract_timestamp(i.id), 'infinity')) from (${ids}) as i(id))`;
}
