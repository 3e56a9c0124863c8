interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** A real HTTP client on the stream: reads events as they arrive. */
export async function openStream(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/stream`, { headers, signal: controller.signal });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const next = async (wanted: string): Promise<StreamEvent> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: StreamEvent = {};
        for (const line of block.split("\n")) {
          const [field, ...rest] = line.split(": ");
          if (field === "id" || field === "event" || field === "data") event[field] = rest.join(": ");
        }
        if (event.event === wanted) return event;
        continue;
      }
      const chunk = await reader?.read();
      if (!chunk || chunk.done) throw new Error("stream ended");
      buffer += chunk.value;
    }
  };
  return { response, next, close: () => controller.abort() };
}
