package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIException;
import com.openai.helpers.ChatCompletionAccumulator;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/reference.md §5: after visible output a failure is one {@code event: error} frame and then
 * the body is broken off — checked on the raw bytes of the HTTP/1.1 exchange, and with the official
 * OpenAI Java SDK, which must raise an error rather than return a completed answer.
 */
class StreamTerminationIT {
  private static final String ANSWER = Step.DEFAULT_CONTENT;

  /**
   * A stream that fails after visible output: the upstream sends half the answer, then stalls until
   * the stream-idle limit ends the attempt. (A stall rather than a cut: the bytes of a cut can be
   * lost with the connection's end on a loaded machine, and then nothing was visible.)
   */
  static ServeFixture cutStream() {
    return ServeFixture.start(
        Map.of("alpha/small", List.of(Step.fault(Fault.STREAM_STALL).withContent(ANSWER))),
        ServeFixture.policy()
            .connectTimeout(Duration.ofSeconds(10))
            .attemptTimeout(Duration.ofSeconds(30))
            .firstTokenTimeout(Duration.ofSeconds(30))
            .streamIdleTimeout(Duration.ofSeconds(1)) // what ends the stalled attempt
            .deadline(Duration.ofSeconds(60))
            .build(),
        o -> {});
  }

  /**
   * The bytes of one raw HTTP/1.1 exchange, read until the server closes the connection or sends
   * the terminating chunk (a kept-alive connection would otherwise stay open).
   */
  private static byte[] rawExchange(int port, String body) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      s.setSoTimeout(20_000);
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + "Content-Type: application/json\r\nContent-Length: "
                  + b.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(b);
      out.flush();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      InputStream in = s.getInputStream();
      byte[] buf = new byte[8192];
      try {
        for (int n; (n = in.read(buf)) >= 0; ) {
          all.write(buf, 0, n);
          if (all.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n0\r\n\r\n")) {
            break;
          }
        }
      } catch (IOException reset) {
        // a reset instead of a FIN is an equally broken-off body
      }
      return all.toByteArray();
    }
  }

  /** Decodes a chunked body; {@code terminated[0]} says whether the zero-length chunk came. */
  private static String dechunk(String raw, boolean[] terminated) {
    int at = raw.indexOf("\r\n\r\n") + 4;
    StringBuilder body = new StringBuilder();
    while (at < raw.length()) {
      int eol = raw.indexOf("\r\n", at);
      if (eol < 0) {
        break;
      }
      int size = Integer.parseInt(raw.substring(at, eol).trim(), 16);
      if (size == 0) {
        terminated[0] = true;
        break;
      }
      int start = eol + 2;
      int end = Math.min(raw.length(), start + size);
      body.append(raw, start, end);
      at = end + 2;
    }
    return body.toString();
  }

  @Test
  void afterVisibleOutputTheErrorFrameIsTheLastByteAndTheChunkedBodyIsNeverTerminated()
      throws IOException {
    try (ServeFixture f = cutStream()) {
      String raw =
          new String(
              rawExchange(f.server.port(), ServeFixture.body("alpha/small", true, "")),
              StandardCharsets.UTF_8);

      assertThat(raw).startsWith("HTTP/1.1 200");
      assertThat(raw.toLowerCase()).contains("transfer-encoding: chunked");
      boolean[] terminated = {false};
      String body = dechunk(raw, terminated);
      assertThat(terminated[0]).as("a terminating zero-length chunk").isFalse();
      assertThat(raw).doesNotContain("\r\n0\r\n\r\n");
      assertThat(body).doesNotContain("[DONE]").doesNotContain("\"finish_reason\":\"");
      List<String> frames = new ArrayList<>(List.of(body.split("\n\n")));
      String last = frames.get(frames.size() - 1);
      assertThat(last).startsWith("event: error\ndata: {\"error\":{");
      assertThat(last).contains("\"code\":\"stream_interrupted\"");
      assertThat(body).endsWith(last + "\n\n"); // nothing after the error frame
      assertThat(frames.subList(0, frames.size() - 1))
          .isNotEmpty()
          .allSatisfy(fr -> assertThat(fr).startsWith("data: {\"id\""));
    }
  }

  @Test
  void aCompleteStreamStillEndsWithDoneAndTheTerminatingChunk() throws IOException {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("hello"))), WireFidelityIT::catalog)) {
      String raw =
          new String(
              rawExchange(f.server.port(), ServeFixture.body("alpha/small", true, "")),
              StandardCharsets.UTF_8);
      boolean[] terminated = {false};
      String body = dechunk(raw, terminated);
      assertThat(terminated[0]).isTrue();
      assertThat(body).endsWith("data: [DONE]\n\n");
    }
  }

  private static OpenAIClient sdk(ServeFixture f) {
    return OpenAIOkHttpClient.builder()
        .baseUrl("http://127.0.0.1:" + f.server.port() + "/v1")
        .apiKey("unused-by-a-loopback-serve")
        .maxRetries(0)
        .timeout(Duration.ofSeconds(20))
        .build();
  }

  private static ChatCompletionCreateParams hello() {
    return ChatCompletionCreateParams.builder()
        .model("alpha/small")
        .addUserMessage("Say hello")
        .build();
  }

  @Test
  void theOfficialOpenAiJavaSdkRaisesAnErrorForACutStream() {
    try (ServeFixture f = cutStream()) {
      OpenAIClient client = sdk(f);
      StringBuilder seen = new StringBuilder();
      assertThatThrownBy(
              () -> {
                try (StreamResponse<ChatCompletionChunk> s =
                    client.chat().completions().createStreaming(hello())) {
                  s.stream()
                      .forEach(
                          c ->
                              c.choices()
                                  .forEach(ch -> ch.delta().content().ifPresent(seen::append)));
                }
              })
          .isInstanceOf(OpenAIException.class);
      assertThat(ANSWER).startsWith(seen.toString());
      assertThat(seen.toString()).isNotEqualTo(ANSWER);
    }
  }

  /**
   * A route's stream that ends properly ({@code [DONE]}) without ever naming a finish reason is
   * answered with {@code "finish_reason":"stop"} (docs/reference.md §5): the official SDKs take a
   * stream for finished only once every choice has a finish reason — this SDK's accumulator has no
   * completion without one ("Final chat completion chunk(s) not yet received"), openai-node's
   * {@code finalChatCompletion()} throws "missing finish_reason" — so a {@code null} would turn an
   * answer served whole into one that looks cut off.
   */
  @Test
  void theOfficialOpenAiJavaSdkFinishesAStreamWhoseRouteNamedNoFinishReason() {
    String sse =
        "data: {\"id\":\"chatcmpl-nf\",\"choices\":[{\"index\":0,\"delta\":"
            + "{\"role\":\"assistant\",\"content\":\"all \"},\"finish_reason\":null}]}\n\n"
            + "data: {\"id\":\"chatcmpl-nf\",\"choices\":[{\"index\":0,\"delta\":"
            + "{\"content\":\"done\"},\"finish_reason\":null}]}\n\n"
            + "data: [DONE]\n\n";
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(step)), WireFidelityIT::catalog)) {
      ChatCompletionAccumulator answer = ChatCompletionAccumulator.create();
      try (StreamResponse<ChatCompletionChunk> s =
          sdk(f).chat().completions().createStreaming(hello())) {
        s.stream().forEach(answer::accumulate);
      }
      ChatCompletion.Choice choice = answer.chatCompletion().choices().get(0);
      assertThat(choice.message().content()).hasValue("all done");
      assertThat(choice.finishReason()).isEqualTo(ChatCompletion.Choice.FinishReason.STOP);
      assertThat(answer.chatCompletion().id()).isEqualTo("chatcmpl-nf");
    }
  }

  @Test
  void theOfficialOpenAiJavaSdkReadsACompleteStream() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("hi there"))), WireFidelityIT::catalog)) {
      StringBuilder seen = new StringBuilder();
      try (StreamResponse<ChatCompletionChunk> s =
          sdk(f).chat().completions().createStreaming(hello())) {
        s.stream()
            .forEach(c -> c.choices().forEach(ch -> ch.delta().content().ifPresent(seen::append)));
      }
      assertThat(seen.toString()).isEqualTo("hi there");
    }
  }
}
