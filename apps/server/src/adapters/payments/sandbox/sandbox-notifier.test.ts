import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationReceiver, startNotificationReceiver } from '../../../test/notification-receiver';
import { quietSandboxNotifier } from '../../../test/sandbox-notifier';
import { SandboxStore } from './sandbox-store';

let receiver: NotificationReceiver;
beforeAll(async () => {
  receiver = await startNotificationReceiver();
});
afterAll(() => receiver.close());

describe('the sandbox notifier', () => {
  it('posts a notification once when a resend (the route just set) starts it during its own save', async () => {
    const store = new SandboxStore(undefined);
    let url: string | undefined;
    const notifier = quietSandboxNotifier(store, () => url);
    // send records the notification at once, then waits for its save: the route is set meanwhile.
    const sending = notifier.send({
      type: 'payment.updated',
      data: { extTranRefId: 'once', outcome: 'SUCCESS' },
    });
    url = receiver.url;
    notifier.resendUndelivered();
    const id = await sending;
    await receiver.waitFor(1);
    // Long enough for a second post of the same notification to arrive if one were made.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await notifier.close();
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === id)).toHaveLength(1);
  });
});
