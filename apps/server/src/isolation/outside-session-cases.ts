import { cross, get, type IsolationCall, type IsolationCase, refused } from './isolation-calls';

/**
 * Routes outside any session: the development aids, which a production start does not serve
 * (their isolation property is that they are absent: 404 for any identifier), and the payment
 * provider's notification, trusted by its signature alone.
 */
export const OUTSIDE_SESSION_CASES: Record<string, IsolationCase> = {
  'GET /dev/captcha/{id}': cross(async (_victim, _mine, kit) => {
    const { captchaId } = await kit.captcha();
    return [refused(get(`/dev/captcha/${captchaId}`), 404)];
  }, 'production'),
  'GET /dev/registrationLinks': cross(
    (victim) => [refused(get(`/dev/registrationLinks?custNo=${encodeURIComponent(victim.custNo)}`), 404)],
    'production',
  ),
  'GET /dev/outbox': cross(
    (victim) => [
      refused(get(`/dev/outbox?recipient=${encodeURIComponent(victim.email)}`), 404),
      refused(get(`/dev/outbox?recipient=${victim.smsPhone}`), 404),
    ],
    'production',
  ),
  // A notification that the victim's pending payment succeeded: unsigned, signed with a guessed
  // secret, and a genuinely signed notification whose body was changed to name the victim's payment.
  'POST /payment/notifications/{provider}': cross(
    (victim, _mine, kit) => {
      const url = `/payment/notifications/${kit.notifications.provider}`;
      const body = (extTranRefId: string) =>
        JSON.stringify({
          type: 'payment.updated',
          data: { id: `pay-${extTranRefId}`, extTranRefId, outcome: 'SUCCESS', responseText: 'Approved' },
        });
      const theirs = body(victim.pendingExtTranRefId);
      const notification = (headers: Record<string, string>): IsolationCall =>
        refused(
          {
            method: 'POST',
            url,
            payload: theirs,
            headers: { 'content-type': 'application/json', ...headers },
          },
          400,
          'NOTIFICATION_SIGNATURE_INVALID',
        );
      return [
        notification({}),
        notification(kit.notifications.sign(theirs, 'guessed')),
        notification(kit.notifications.sign(body('an-attackers-own-payment'), 'genuine')),
      ];
    },
    'anonymous',
    { signedNotCsrf: true },
  ),
};
