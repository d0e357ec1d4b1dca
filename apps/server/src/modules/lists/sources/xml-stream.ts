import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';

/** What a reader of a workbook part wants to hear: element names without their namespace prefix (x:row is row). */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  /** Character data, in as many pieces as the parser likes (CDATA sections included). */
  text?(text: string): void;
  close?(name: string): void;
}

/** An XML parser fed a part's bytes chunk by chunk (a multi-byte character split between chunks is kept whole). */
export interface XmlStream {
  write(chunk: Buffer): void;
  end(): void;
}

/**
 * saxes (a well-kept, spec-conforming streaming parser) without namespace processing or position tracking: the
 * parts of a workbook are read for a handful of elements, and those options are what cost time over a large sheet.
 * It throws on malformed XML.
 */
export function xmlStream(handlers: XmlHandlers): XmlStream {
  const parser = new SaxesParser({ position: false });
  const { open, text, close } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  return {
    write: (chunk) => void parser.write(decoder.write(chunk)),
    end: () => void parser.write(decoder.end()).close(),
  };
}

/** A whole (small) part parsed at once. */
export function parseXml(xml: Buffer, handlers: XmlHandlers): void {
  const stream = xmlStream(handlers);
  stream.write(xml);
  stream.end();
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
