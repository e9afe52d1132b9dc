/**
 * message.status events (outgoing webhooks): written by the same statement that changes a
 * message's status, so an event exists exactly when the change committed. Only accounts with an
 * enabled webhook subscribed to message.status get them: at thousands of callbacks a second, an
 * outbox row per change that nobody reads would be pure cost. `upd` is the CTE of changed
 * messages (id, account_id, subscriber_id, status, error_code, to_number, from_number).
 */
export const STATUS_EVENTS_SQL = `
  ev as (
    insert into account_events (account_id, type, subscriber_id, data)
    select u.account_id, 'message.status', u.subscriber_id,
           jsonb_build_object('messageId', u.id, 'status', u.status, 'errorCode', u.error_code,
                              'to', u.to_number, 'from', u.from_number)
      from upd u
     where exists (select 1 from webhook_endpoints w
                    where w.account_id = u.account_id and w.enabled
                      and 'message.status' = any(w.events))
     order by u.id
  )`;
