// mailauth's modules that its index.d.ts does not declare, used as mailauth itself uses them.

declare module 'mailauth/lib/dmarc/get-dmarc-record' {
  /**
   * The one `v=DMARC1` record of a domain (falling back to its organisational domain), its tags
   * lower-cased with `rr` holding the record verbatim; false when there is none, or several.
   */
  function getDmarcRecord(
    domain: string,
    resolver?: (name: string, rrtype: string) => Promise<unknown>,
  ): Promise<(Record<string, string | number | boolean> & { rr: string; isOrgRecord: boolean }) | false>;
  export = getDmarcRecord;
}

declare module 'mailauth/lib/parse-dkim-headers' {
  /** Parses a tag=value list (a DKIM record, a DKIM-Signature header). */
  function parseDkimHeaders(value: string): { parsed: Record<string, { value: string } | undefined>; original: string };
  export = parseDkimHeaders;
}
