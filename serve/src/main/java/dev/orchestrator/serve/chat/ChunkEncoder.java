package dev.orchestrator.serve.chat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes the {@code chat.completion.chunk} events of one SSE answer, each as one {@code data:}
 * event in one write. What every chunk of a stream repeats — {@code "id"}, {@code "object"}, {@code
 * "created"}, {@code "model"}, {@code "system_fingerprint"} up to {@code "delta":} — is encoded
 * once per {@link Completions.StreamHead} (again only when the head changes: a continuation on
 * another route names that route), and the rest is written by one generator and into one buffer
 * reused for every chunk, instead of a generator, a buffer and a copy per chunk (ADR 0026). The
 * bytes are those of the chunk shape of docs/reference.md §5. Not thread-safe: one encoder per
 * stream, used by the thread writing it.
 */
final class ChunkEncoder {
  private static final JsonFactory FACTORY = Json.MAPPER.getFactory();
  private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] LOGPROBS = ",\"logprobs\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FINISH = ",\"finish_reason\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "}]}\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END_EVENT = "\n\n".getBytes(StandardCharsets.US_ASCII);

  /** The event being encoded (and a head's prefix, once per head); reused. */
  private final Buffer event = new Buffer();

  /**
   * Writes into {@link #event}; its root values follow each other with nothing in between. Made
   * once the first head's prefix is encoded: a generator holds its thread's recycled buffers until
   * it is closed, so one made while another is open gets new ones (about 12 KB).
   */
  private JsonGenerator g;

  private Completions.StreamHead prefixHead;
  private byte[] prefix;

  /**
   * Writes one chunk as one {@code data:} event to {@code out}; {@code logprobsJson} is the
   * upstream chunk's {@code logprobs} object as JSON text, or {@code null} for {@code "logprobs":
   * null}.
   */
  void write(
      OutputStream out, Completions.StreamHead head, Completions.Delta d, String logprobsJson)
      throws IOException {
    byte[] headPrefix = prefix(head);
    event.reset();
    event.write(DATA);
    event.write(headPrefix);
    JsonGenerator g = generator();
    g.writeStartObject();
    if (d.first()) {
      g.writeStringField("role", "assistant");
    }
    if (d.content() != null) {
      g.writeStringField("content", d.content());
    }
    if (d.reasoning() != null) {
      g.writeStringField("reasoning_content", d.reasoning());
    }
    if (d.refusal() != null) {
      g.writeStringField("refusal", d.refusal());
    }
    if (d.toolCall() != null) {
      toolCall(g, d.toolCall());
    }
    Completions.writeUnmodelled(g, d.unmodelled());
    g.writeEndObject();
    g.flush();
    event.write(LOGPROBS);
    event.write(logprobsJson == null ? NULL : logprobsJson.getBytes(StandardCharsets.UTF_8));
    event.write(FINISH);
    if (d.finishReason() == null) {
      event.write(NULL);
    } else {
      g.writeString(d.finishReason());
      g.flush();
    }
    event.write(END);
    event.writeTo(out);
  }

  /**
   * Writes the usage chunk of {@code stream_options.include_usage} ({@link
   * Completions#writeUsageChunk}) as one {@code data:} event to {@code out}.
   */
  void writeUsage(OutputStream out, Completions.StreamHead head, Usage usage, BigDecimal cost)
      throws IOException {
    event.reset();
    event.write(DATA);
    JsonGenerator g = generator();
    Completions.writeUsageChunk(g, head, usage, cost);
    g.flush();
    event.write(END_EVENT);
    event.writeTo(out);
  }

  /** Returns the generator's buffers to Jackson's pool; the encoder is not used after it. */
  void close() {
    if (g == null) {
      return;
    }
    try {
      g.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // not from an in-memory buffer
    }
  }

  private JsonGenerator generator() throws IOException {
    if (g == null) {
      g = FACTORY.createGenerator(event);
      g.setRootValueSeparator(null);
    }
    return g;
  }

  private void toolCall(JsonGenerator g, ToolCallDelta t) throws IOException {
    g.writeArrayFieldStart("tool_calls");
    if (t.name() != null) {
      Completions.writeCall(
          g,
          t.index(),
          t.id() != null ? t.id() : "call_" + t.index(),
          t.name(),
          t.argumentsFragment(),
          t.thoughtSignature());
    } else {
      g.writeStartObject();
      g.writeNumberField("index", t.index());
      g.writeObjectFieldStart("function");
      g.writeStringField("arguments", t.argumentsFragment());
      g.writeEndObject();
      if (t.thoughtSignature() != null) {
        g.writeObjectFieldStart("extra_content");
        g.writeObjectFieldStart("google");
        g.writeStringField("thought_signature", t.thoughtSignature());
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** {@code {"id":…,"object":"chat.completion.chunk",…,"choices":[{"index":0,"delta":}. */
  private byte[] prefix(Completions.StreamHead head) throws IOException {
    if (head != prefixHead) {
      event.reset();
      try (JsonGenerator p = FACTORY.createGenerator(event)) {
        p.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
        Completions.writeChunkHead(p, head);
        p.writeArrayFieldStart("choices");
        p.writeStartObject();
        p.writeNumberField("index", 0);
        p.writeFieldName("delta");
        p.flush(); // the name is out; its colon comes with a value, so it is added here
      }
      event.write(':');
      prefix = event.toByteArray();
      prefixHead = head;
    }
    return prefix;
  }

  /** A growable byte buffer, written out without a copy; unsynchronized, unlike the JDK's. */
  private static final class Buffer extends OutputStream {
    private byte[] bytes = new byte[512];
    private int length;

    @Override
    public void write(int b) {
      ensure(1);
      bytes[length++] = (byte) b;
    }

    @Override
    public void write(byte[] b) {
      write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int offset, int count) {
      ensure(count);
      System.arraycopy(b, offset, bytes, length, count);
      length += count;
    }

    private void ensure(int more) {
      if (length + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
      }
    }

    void reset() {
      length = 0;
    }

    void writeTo(OutputStream out) throws IOException {
      out.write(bytes, 0, length);
    }

    byte[] toByteArray() {
      return Arrays.copyOf(bytes, length);
    }
  }
}
