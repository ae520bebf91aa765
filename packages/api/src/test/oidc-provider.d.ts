// oidc-provider ships no types; these are the few parts the test token server (oauth-server.ts) uses.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  interface Saveable {
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host: string, callback: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Client: { find(id: string): Promise<unknown> };
    Grant: new (fields: {
      accountId: string;
      clientId: string;
    }) => Saveable & { addOIDCScope(scope: string): void };
    RefreshToken: new (
      fields: Record<string, unknown>,
    ) => Saveable;
    AccessToken: { find(value: string): Promise<(Saveable & { destroy(): Promise<void> }) | undefined> };
    ClientCredentials: { find(value: string): Promise<{ destroy(): Promise<void> } | undefined> };
  }
}
