import { Anchor, List, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The few markdown forms our own help articles use (headings, paragraphs, lists, **bold** and
 * [links](url)), rendered as React elements: no HTML is ever injected.
 */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null = re.exec(text);
  while (m) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1]) out.push(<strong key={`${key}-${m.index}`}>{m[1]}</strong>);
    else
      out.push(
        <Anchor key={`${key}-${m.index}`} href={m[3]}>
          {m[2]}
        </Anchor>,
      );
    last = re.lastIndex;
    m = re.exec(text);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    const key = `b${i}`;
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) {
      const order = (heading[1]!.length + 1) as 2 | 3 | 4;
      blocks.push(
        <Title key={key} order={order} mt="md" mb="xs" fz={order === 2 ? 24 : 18}>
          {heading[2]}
        </Title>,
      );
      i++;
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: string[] = [];
      while (i < lines.length && /^(- |\d+\. )/.test(lines[i]!)) {
        items.push(lines[i]!.replace(/^(- |\d+\. )/, ""));
        i++;
      }
      blocks.push(
        <List key={key} type={ordered ? "ordered" : "unordered"} spacing={4} mb="sm">
          {items.map((it) => (
            <List.Item key={`${key}-${it}`}>{inline(it, `${key}-${it}`)}</List.Item>
          ))}
        </List>,
      );
    } else if (line.trim() === "") {
      i++;
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== "" && !/^(#|- |\d+\. )/.test(lines[i]!)) {
        para.push(lines[i]!);
        i++;
      }
      blocks.push(
        <Text key={key} mb="sm">
          {inline(para.join(" "), key)}
        </Text>,
      );
    }
  }
  return <div>{blocks}</div>;
}
