package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.SseReader;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The OpenAI wire mapping the HTTP client runs on every call: encoding a typical chat request
 * (system + user + one earlier turn, {@code max_tokens}, {@code temperature}), decoding a typical
 * non-streaming completion with usage, and assembling a typical 12-event SSE stream. These are the
 * providers module's {@code internal.openai.OpenAiWire} and {@code internal.SseReader}: public
 * classes in an internal package (no compatibility promise), measured directly rather than through
 * a Jackson stand-in.
 */
public class SerializationBenchmark extends SampledBenchmark {

  /** A typical completion body (OpenAI shape, with usage). */
  static final String COMPLETION =
      "{\"id\":\"chatcmpl-AbC123dEf456\",\"object\":\"chat.completion\",\"created\":1764441600,"
          + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
          + "{\"role\":\"assistant\",\"content\":\"Hello! The capital of France is Paris. It has"
          + " been the country's capital since the 10th century and is home to about 2.1 million"
          + " people.\",\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":42,\"completion_tokens\":31,\"total_tokens\":73},"
          + "\"system_fingerprint\":\"fp_0ba0d124f1\"}";

  private static final String[] TOKENS = {
    "Hello", "!", " The", " capital", " of", " France", " is", " Paris", "."
  };

  private final OpenAiWire wire = OpenAiWire.INSTANCE;
  private ChatRequest request;
  private Route route;
  private byte[] stream;
  private final byte[] completionBytes = COMPLETION.getBytes(StandardCharsets.UTF_8);

  @Setup
  public void setup() {
    route = Route.builder("openai", "gpt-4o-mini").contextWindow(128_000).build();
    request =
        ChatRequest.builder("openai/gpt-4o-mini")
            .system("You are a helpful assistant. Answer in at most two sentences.")
            .user("What is the capital of France?")
            .message(
                new dev.orchestrator.engine.chat.ChatMessage(
                    dev.orchestrator.engine.chat.Role.ASSISTANT,
                    "Could you say which country you mean?",
                    java.util.List.of(),
                    null))
            .user("France, the one in Europe. Please also give its population.")
            .maxTokens(256)
            .temperature(0.2)
            .build();
    stream = sse();
  }

  static byte[] sse() {
    StringBuilder sb = new StringBuilder();
    String head =
        "{\"id\":\"chatcmpl-AbC123\",\"object\":\"chat.completion.chunk\",\"created\":1764441600,"
            + "\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"delta\":";
    sb.append("data: ")
        .append(head)
        .append("{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n");
    for (String t : TOKENS) {
      sb.append("data: ")
          .append(head)
          .append("{\"content\":\"")
          .append(t)
          .append("\"},\"finish_reason\":null}]}\n\n");
    }
    sb.append("data: ").append(head).append("{},\"finish_reason\":\"stop\"}]}\n\n");
    sb.append("data: [DONE]\n\n");
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** ChatRequest → OpenAI JSON bytes. */
  @Benchmark
  public byte[] encodeRequest() throws Exception {
    return wire.encode(request, route);
  }

  /** OpenAI completion JSON bytes → ChatResponse (data binding into the wire records). */
  @Benchmark
  public ChatResponse decodeResponse() {
    Decoded d = wire.decode(completionBytes, "gpt-4o-mini", "req_1");
    return d.response();
  }

  /** A 12-event SSE stream → deltas to a listener → the assembled ChatResponse. */
  @Benchmark
  public ChatResponse assembleStream(Blackhole bh) throws Exception {
    StreamAssembler a = wire.newAssembler(bh::consume, "gpt-4o-mini", "req_1");
    SseReader reader = new SseReader(1 << 20);
    reader.feed(stream, 0, stream.length, a);
    reader.endOfInput(a);
    return a.response();
  }
}
