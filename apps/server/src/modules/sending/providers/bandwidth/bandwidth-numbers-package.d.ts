// @bandwidth/numbers ships no types; these are the parts bandwidth-numbers.ts uses (each call also has the
// bluebird-promisified …Async form the package adds to every module).
declare module '@bandwidth/numbers' {
  class Client {
    constructor(
      accountId: string,
      userName: string,
      password: string,
      clientId?: string,
      clientSecret?: string,
      options?: { apiEndPoint?: string },
    );
  }

  interface AvailableNumbers {
    listAsync(
      client: Client,
      query: Record<string, string | number>,
    ): Promise<{ resultCount?: string; telephoneNumberList?: { telephoneNumber?: string | string[] } }>;
  }

  interface Order {
    createAsync(client: Client, order: Record<string, unknown>): Promise<{ order: { id: string } }>;
  }

  interface Disconnect {
    createAsync(client: Client, orderName: string, numbers: string[]): Promise<unknown>;
  }

  interface InServiceNumber {
    getAsync(client: Client, number: string): Promise<unknown>;
  }

  // CommonJS (module.exports = {...}): Node's ESM loader sees no named exports, only the default.
  const numbers: {
    Client: typeof Client;
    AvailableNumbers: AvailableNumbers;
    Order: Order;
    Disconnect: Disconnect;
    InServiceNumber: InServiceNumber;
  };
  export default numbers;
  export type { Client };
}
