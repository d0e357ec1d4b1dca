import smpp from 'smpp';

/** The SMSC refused our bind (wrong system id or password): a send cannot succeed until the settings change. */
export class SmppBindError extends Error {
  constructor(readonly commandStatus: number) {
    super(`The SMSC refused the bind (status 0x${commandStatus.toString(16).padStart(8, '0')})`);
  }
}

/**
 * One transceiver bind to an SMSC, made when first needed and made again after the connection drops. Every PDU the
 * SMSC sends us on it (deliver_sm) goes to `onPdu`.
 */
export class SmppLink {
  private bound: Promise<smpp.Session> | null = null;
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly credentials: { system_id: string; password: string; system_type?: string },
    private readonly onPdu: (session: smpp.Session, pdu: smpp.PDU) => void,
  ) {}

  session(): Promise<smpp.Session> {
    this.bound ??= this.bind().catch((error: unknown) => {
      this.bound = null;
      throw error;
    });
    return this.bound;
  }

  async close(): Promise<void> {
    this.closing = true;
    const bound = this.bound;
    this.bound = null;
    const session = await bound?.catch(() => null);
    if (session) await new Promise<void>((resolve) => session.close(resolve));
  }

  private bind(): Promise<smpp.Session> {
    return new Promise((resolve, reject) => {
      // Keep-alive every 30 s so an idle bind is not dropped by the SMSC or a NAT on the way.
      const session = smpp.connect({ url: this.url, auto_enquire_link_period: 30_000 });
      session.on('error', (error: Error) => reject(error));
      session.on('close', () => {
        this.bound = null;
        reject(new Error('The SMSC closed the connection'));
      });
      session.on('connect', () => {
        session.bind_transceiver({ ...this.credentials }, (pdu) => {
          if (pdu.command_status !== smpp.ESME_ROK) {
            reject(new SmppBindError(pdu.command_status));
            session.close();
            return;
          }
          if (this.closing) session.close();
          resolve(session);
        });
      });
      session.on('deliver_sm', (pdu: smpp.PDU) => this.onPdu(session, pdu));
    });
  }
}
