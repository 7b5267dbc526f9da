// Types for the @capsule/html host module.
declare module "@capsule/html" {
  export interface Link { href: string; text: string }
  export interface Image { src: string; alt: string }
  export interface Metadata { title: string | null; description: string | null; canonical: string | null; lang: string | null; openGraph: Record<string, string>; meta: Record<string, string> }
  export function select(html: string, selector: string, options?: { attr?: string; limit?: number; text?: boolean }): Promise<string[]>;
  export function text(html: string, selector?: string): Promise<string>;
  export function links(html: string, options?: { base?: string; limit?: number }): Promise<Link[]>;
  export function images(html: string, options?: { base?: string; limit?: number }): Promise<Image[]>;
  export function metadata(html: string, options?: { base?: string }): Promise<Metadata>;
  /** The document, or the elements matching options.selector, as Markdown: script, style, head, hidden elements and form controls left out; hrefs and srcs resolved against options.base. */
  export function markdown(html: string, options?: { selector?: string; base?: string; limit?: number; headingStyle?: "atx" | "setext"; bulletListMarker?: "-" | "*" | "+"; codeBlockStyle?: "fenced" | "indented"; emDelimiter?: "_" | "*"; strongDelimiter?: "**" | "__"; linkStyle?: "inlined" | "referenced" }): Promise<string>;
  const html: { select: typeof select; text: typeof text; links: typeof links; images: typeof images; metadata: typeof metadata; markdown: typeof markdown };
  export default html;
}
