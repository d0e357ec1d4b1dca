import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { readLimits } from './read-limits';
import { sheetErrors } from './sheet-errors';

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
 * It throws on malformed XML, and on XML that would make it hold more than readLimits allow (a text or a tag of
 * megabytes, elements nested thousands deep), which it keeps whole or stacked until they end.
 */
export function xmlStream(handlers: XmlHandlers): XmlStream {
  const parser = new SaxesParser({ position: false });
  const { open, text, close } = handlers;
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > readLimits.xmlDepth)
      throw sheetErrors.malformedXml(`nests elements more than ${readLimits.xmlDepth} deep`);
    open?.(localName(tag.name), tag.attributes as Record<string, string>);
  });
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  parser.on('closetag', (tag) => {
    depth--;
    close?.(localName(tag.name));
  });
  const decoder = new StringDecoder('utf8');
  let run = 0; // bytes since the last '<' or '>': what the parser holds of an unfinished text or tag
  return {
    write(chunk) {
      const markup = Math.max(chunk.lastIndexOf(LT), chunk.lastIndexOf(GT));
      run = markup < 0 ? run + chunk.length : chunk.length - 1 - markup;
      if (run > readLimits.xmlRunBytes)
        throw sheetErrors.malformedXml(`holds more than ${readLimits.xmlRunBytes / MB} MB without a tag`);
      parser.write(decoder.write(chunk));
    },
    end: () => void parser.write(decoder.end()).close(),
  };
}

const LT = 0x3c;
const GT = 0x3e;
const MB = 1024 * 1024;

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
