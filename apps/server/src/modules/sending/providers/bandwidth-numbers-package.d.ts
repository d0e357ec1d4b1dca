// @bandwidth/numbers ships no types; these are the parts bandwidth-numbers.ts uses (each call also has the
// bluebird-promisified …Async form the package adds to every module).
declare module '@bandwidth/numbers' {
  export class Client {
    constructor(
      accountId: string,
      userName: string,
      password: string,
      clientId?: string,
      clientSecret?: string,
      options?: { apiEndPoint?: string },
    );
  }

  export const AvailableNumbers: {
    listAsync(
      client: Client,
      query: Record<string, string | number>,
    ): Promise<{ resultCount?: string; telephoneNumberList?: { telephoneNumber?: string | string[] } }>;
  };

  export const Order: {
    createAsync(client: Client, order: Record<string, unknown>): Promise<{ order: { id: string } }>;
  };

  export const Disconnect: {
    createAsync(client: Client, orderName: string, numbers: string[]): Promise<unknown>;
  };

  export const InServiceNumber: {
    getAsync(client: Client, number: string): Promise<unknown>;
  };
}
