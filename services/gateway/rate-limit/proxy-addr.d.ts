// proxy-addr (Express's own dependency) ships no types.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type TrustFunction = (address: string, hop: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: TrustFunction | string | string[]): string;
  namespace proxyaddr {
    function compile(value: string | string[]): TrustFunction;
  }
  export = proxyaddr;
}
