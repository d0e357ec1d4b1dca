import type { AddressInfo } from 'node:net';
import smpp from 'smpp';

/**
 * A local SMSC made with the same `smpp` package: it binds transceivers that give the right system id and
 * password, answers submit_sm with a message id (or a scripted error status), and sends delivery receipts and
 * mobile-originated messages as deliver_sm on the bind, as an SMSC does.
 */
export async function startSmppMock(credentials: { systemId: string; password: string }) {
  const submitted: { messageId: string; from: string; to: string; text: string; registeredDelivery: number }[] = [];
  const scriptedStatus: number[] = [];
  const acknowledged: number[] = [];
  let bound: smpp.Session | null = null;
  let nextId = 1;

  const textOf = (pdu: smpp.PDU) => {
    const value = pdu.message_payload ?? pdu.short_message;
    const message = typeof value === 'string' || value === undefined ? value : value.message;
    return Buffer.isBuffer(message) ? message.toString('latin1') : (message ?? '');
  };

  const server = smpp.createServer((session) => {
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: smpp.PDU) => {
      if (pdu.system_id !== credentials.systemId || pdu.password !== credentials.password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      bound = session;
      session.send(pdu.response());
    });
    session.on('submit_sm', (pdu: smpp.PDU) => {
      const status = scriptedStatus.shift();
      if (status !== undefined) {
        session.send(pdu.response({ command_status: status }));
        return;
      }
      const messageId = `smsc-${nextId++}`;
      submitted.push({
        messageId,
        from: pdu.source_addr ?? '',
        to: pdu.destination_addr ?? '',
        text: textOf(pdu),
        registeredDelivery: pdu.registered_delivery ?? 0,
      });
      session.send(pdu.response({ message_id: messageId }));
    });
    session.on('deliver_sm_resp', (pdu: smpp.PDU) => acknowledged.push(pdu.sequence_number));
    session.on('enquire_link', (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: smpp.PDU) => {
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Sends a deliver_sm on the bind; its sequence number is what `acknowledged` records when answered. */
  const deliver = (options: Record<string, unknown>): number => {
    if (!bound) throw new Error('nobody is bound');
    const pdu = new smpp.PDU('deliver_sm', options);
    bound.send(pdu);
    return pdu.sequence_number;
  };

  return {
    url: `smpp://127.0.0.1:${port}`,
    submitted,
    acknowledged,
    isBound: () => bound !== null,
    failNextSubmit(status: number) {
      scriptedStatus.push(status);
    },
    /** A delivery receipt in the text format of SMPP 3.4 appendix B. */
    receipt(messageId: string, stat: string, err = '000') {
      const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611261200 done date:2611261201 stat:${stat} err:${err} text:`;
      return deliver({
        esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
        source_addr: '15551230000',
        destination_addr: '15550005555',
        short_message: text,
      });
    },
    mobileOriginated(from: string, to: string, text: string) {
      return deliver({ source_addr: from, source_addr_ton: 1, destination_addr: to, short_message: text });
    },
    /** Drops every bind, as an SMSC restart would. */
    dropConnections() {
      for (const s of server.sessions) s.destroy();
      bound = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of server.sessions) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type SmppMock = Awaited<ReturnType<typeof startSmppMock>>;
