/**
 * The fan-out's parameters (decision 061): each message's head — the message without its payload,
 * stored per delivery — sent as the parts it is made of instead of whole. Of a head's ~300 bytes
 * only the webhook's fields (`webhook_id`, `webhook_nodeID`, `name`) differ between the deliveries
 * of one event, and only the event's between the deliveries of one webhook; sent whole, a batch of
 * 2,048 deliveries of 256 events carried 2,048 heads and every event field 8 times (about 1 MB),
 * which the worker wrote and PostgreSQL parsed. The statement joins the parts back in the message's
 * order: webhook (`webhook_id`, `webhook_nodeID`), event (`account_id`, `account`), webhook
 * (`name`), event (`event` … `person_name`) — the bytes `JSON.stringify` wrote for the whole head,
 * which every attempt still sends.
 */
import type { NewDelivery, WebhookMessage } from '@tessera/domain';
import { joinedMessage } from './delivery-message.js';

/** An event's part of the batch: the fields its deliveries share, and its head's two parts. */
interface EventPart {
  p: number;
  account_id: string;
  event: string;
  test: boolean;
  event_at: Date;
  seq: string | null;
  /** `,"account_id":…,"account":…` */
  b1: string;
  /** `,"event":…,"person_name":…}` */
  b2: string;
}

export interface MessageParts {
  /** JSON array of the payloads, once per event. */
  payloads: string;
  /** JSON array of EventPart. */
  events: string;
  /** JSON array of each webhook's head parts: `a` (`{"webhook_id":…,"webhook_nodeID":…`), `c` (`,"name":…`). */
  hooks: string;
  /** JSON array of the deliveries: id, event part `e`, webhook part `h`, webhook `w`, paused reason `r`, ordered `o`, leased `l`. */
  rows: string;
  /** Each leased delivery's message text, as the statement stores it. */
  bodies: Map<string, string>;
}

const eventFields = (m: WebhookMessage, d: NewDelivery) => [d.account, d.test, d.eventAt.getTime(), d.sequence, m.account_id, m.account, m.event, m.object_id, m.object_nodeID, m.person_id, m.person_nodeID, m.person_name];

export function messageParts(deliveries: readonly NewDelivery[], leased: (d: NewDelivery) => boolean): MessageParts {
  const payloads: string[] = [];
  const events: Array<{ part: EventPart; fields: unknown[]; payload: unknown }> = [];
  /** The events of each payload object: one, unless deliveries sharing a payload differ in an event field. */
  const eventsOf = new Map<unknown, number[]>();
  const hooks: Array<{ a: string; c: string }> = [];
  const hookNumbers = new Map<string, number>();
  const bodies = new Map<string, string>();
  const rows = deliveries.map((d) => {
    const m = d.message;
    const fields = eventFields(m, d);
    const known = eventsOf.get(m.payload) ?? [];
    let e = known.find((n) => events[n]!.fields.every((value, i) => value === fields[i]));
    if (e === undefined) {
      const p = known.length > 0 ? events[known[0]!]!.part.p : payloads.push(JSON.stringify(m.payload ?? null)) - 1;
      const rest = JSON.stringify({ event: m.event, object_id: m.object_id, object_nodeID: m.object_nodeID, person_id: m.person_id, person_nodeID: m.person_nodeID, person_name: m.person_name });
      const part: EventPart = {
        p, account_id: d.account, event: m.event, test: d.test, event_at: d.eventAt, seq: d.sequence,
        b1: `,"account_id":${JSON.stringify(m.account_id)},"account":${JSON.stringify(m.account)}`, b2: `,${rest.slice(1)}`,
      };
      e = events.push({ part, fields, payload: m.payload }) - 1;
      eventsOf.set(m.payload, [...known, e]);
    }
    const hookKey = `${m.webhook_id}\u0000${m.webhook_nodeID}\u0000${m.name}`;
    let h = hookNumbers.get(hookKey);
    if (h === undefined) {
      h = hooks.push({ a: `{"webhook_id":${JSON.stringify(m.webhook_id)},"webhook_nodeID":${JSON.stringify(m.webhook_nodeID)}`, c: `,"name":${JSON.stringify(m.name)}` }) - 1;
      hookNumbers.set(hookKey, h);
    }
    const l = leased(d);
    // Only a delivery handed to this process is sent from here; the others are read back by a claim.
    if (l) {
      const { part } = events[e]!;
      const hook = hooks[h]!;
      bodies.set(d.id, joinedMessage(`${hook.a}${part.b1}${hook.c}${part.b2.slice(0, -1)}`, payloads[part.p]!));
    }
    return `{"id":"${d.id}","e":${e},"h":${h},"w":${d.webhookId},"r":${d.pausedReason ? JSON.stringify(d.pausedReason) : 'null'},"o":${d.ordered},"l":${l}}`;
  });
  return {
    payloads: `[${payloads.join(',')}]`,
    events: JSON.stringify(events.map((each) => each.part)),
    hooks: JSON.stringify(hooks),
    rows: `[${rows.join(',')}]`,
    bodies,
  };
}
