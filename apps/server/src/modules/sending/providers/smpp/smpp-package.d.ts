// smpp ships no types (ARCHITECTURE §9); these are the parts smpp.ts, smpp-link.ts and the test's SMSC use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface ShortMessage {
    message: string | Buffer;
    udh?: Buffer[];
  }

  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    message_id?: string;
    source_addr?: string;
    source_addr_ton?: number;
    destination_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    short_message?: ShortMessage | string;
    message_payload?: ShortMessage | string;
    receipted_message_id?: string;
    message_state?: number;
    response(options?: Record<string, unknown>): PDU;
  }

  export class Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void): boolean;
    bind_transceiver(options: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    unbind(callback?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESM_CLASS: { MC_DELIVERY_RECEIPT: number };
  export const ESME_ROK: number;
  export const ESME_RINVSRCADR: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RSUBMITFAIL: number;
}
