package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.simulation.AnthropicSse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Stream shapes the scripted upstream does not play, from a raw socket, split at odd bytes. */
@Timeout(60) // fake time never ends a hung attempt: fail it instead
class StreamAssemblyIT {
  final List<FailureEvidence> evidence = Collections.synchronizedList(new ArrayList<>());
  final FakeTime time = new FakeTime();
  final ManualScheduler scheduler = new ManualScheduler(time);

  /** On fake time that moves only when a test says: no limit fires, however slow a read. */
  final HttpProviderClients clients =
      HttpProviderClients.builder()
          .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
          .ticker(time)
          .scheduler(scheduler)
          .classifier(
              e -> {
                evidence.add(e);
                return FailureClassifier.INSTANCE.classify(e);
              })
          .build();

  static final AttemptLimits LIMITS =
      new AttemptLimits(
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          Duration.ofSeconds(10),
          Duration.ofSeconds(4),
          Duration.ofSeconds(20));

  /** {@link #LIMITS} with other stream bounds. */
  static AttemptLimits limits(StreamBounds bounds) {
    return new AttemptLimits(
        LIMITS.connectTimeout(),
        LIMITS.headersTimeout(),
        LIMITS.firstTokenTimeout(),
        LIMITS.idleTimeout(),
        LIMITS.total(),
        bounds);
  }

  AttemptOutcome send(RawServer server, Protocol protocol, Fixtures.Recorder listener) {
    Provider p = Fixtures.provider("raw", server.baseUrl(), protocol);
    return clients.clientFor(p).send(Fixtures.call(p, "m", true, LIMITS, listener));
  }

  /** One streaming call to a server that answers {@code pieces}, closed once the call is over. */
  AttemptOutcome sendTo(List<byte[]> pieces, Protocol protocol, Fixtures.Recorder listener)
      throws IOException {
    try (RawServer server = RawServer.answering(pieces)) {
      return send(server, protocol, listener);
    }
  }

  /** One streaming call to a server that answers {@code sse} after the event-stream head. */
  AttemptOutcome sendSse(String sse, Protocol protocol, Fixtures.Recorder listener)
      throws IOException {
    return sendTo(withHead(List.of(RawServer.bytes(sse))), protocol, listener);
  }

  /** The answer a stream of {@code sse}, sent in pieces of {@code size} bytes, assembles to. */
  ChatResponse assembled(String sse, int size, Protocol protocol, Fixtures.Recorder listener)
      throws IOException {
    return succeeded(sendTo(withHead(RawServer.split(sse, size)), protocol, listener));
  }

  static ChatResponse succeeded(AttemptOutcome out) {
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    return ((AttemptOutcome.Succeeded) out).response();
  }

  static List<byte[]> withHead(List<byte[]> body) {
    List<byte[]> all = new ArrayList<>();
    all.add(RawServer.sseHead());
    all.addAll(body);
    return all;
  }

  @Test
  void assemblesOpenAiToolCallsByIndexFromBytesSplitAnywhere() throws Exception {
    String sse =
        ": OPENROUTER PROCESSING\r\n\r\n"
            + "data:{\"id\":\"c1\",\"model\":\"served-m\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"role\":\"assistant\",\"content\":\"Grüße 🌍 \"}}]}\r\n\r\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":["
            + "{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"search\","
            + "\"arguments\":\"{\\\"q\\\":\"}},"
            + "{\"index\":1,\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"fetch\","
            + "\"arguments\":\"{\\\"url\\\"\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":["
            + "{\"index\":1,\"function\":{\"arguments\":\":\\\"x\\\"}\"}},"
            + "{\"index\":0,\"function\":{\"arguments\":\"\\\"cats\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":5,"
            + "\"total_tokens\":12}}\n\n";
    // no [DONE]: the connection simply ends after the terminal chunk
    Fixtures.Recorder listener = new Fixtures.Recorder();
    ChatResponse r = assembled(sse, 7, Protocol.OPENAI_CHAT, listener);

    assertThat(r.content()).isEqualTo("Grüße 🌍 ");
    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCall("call_a", "search", "{\"q\":\"cats\"}"),
            new ToolCall("call_b", "fetch", "{\"url\":\"x\"}"));
    assertThat(r.finishReason()).isEqualTo("tool_calls");
    assertThat(r.usage().totalTokens()).isEqualTo(12);
    assertThat(r.servedModel()).isEqualTo("served-m");
    assertThat(r.requestId()).isEqualTo("req_raw");
    assertThat(listener.text()).isEqualTo("Grüße 🌍 ");
    assertThat(listener.toolCalls).isEqualTo(r.toolCalls());
  }

  @Test
  void keepsParallelToolCallsApartWhenTheStreamGivesNoIndex() throws Exception {
    // Gemini's OpenAI-compatible endpoint (and gateways in front of it) streams tool calls without
    // "index": each call whole in its own chunk, with its own id, and its arguments may go on in
    // later indexless pieces that carry no id.
    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":["
            + "{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"weather\","
            + "\"arguments\":\"{\\\"city\\\":\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":["
            + "{\"function\":{\"arguments\":\"\\\"Paris\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":["
            + "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"time\","
            + "\"arguments\":\"{\\\"zone\\\":\\\"CET\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: [DONE]\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    ChatResponse r = assembled(sse, 9, Protocol.OPENAI_CHAT, listener);

    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCall("call_1", "weather", "{\"city\":\"Paris\"}"),
            new ToolCall("call_2", "time", "{\"zone\":\"CET\"}"));
    assertThat(listener.toolCalls).isEqualTo(r.toolCalls());
    assertThat(listener.fragments)
        .containsExactly(
            new ToolCallDelta(0, "call_1", "weather", "{\"city\":"),
            new ToolCallDelta(0, null, null, "\"Paris\"}"),
            new ToolCallDelta(1, "call_2", "time", "{\"zone\":\"CET\"}"));
  }

  @Test
  void keepsParallelToolCallsApartWhenTheStreamGivesThemAllIndexZero() throws Exception {
    // Ollama's OpenAI-compatible stream (and lmdeploy's) puts every call at index 0, each whole in
    // its own chunk under its own id.
    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"call_x\",\"type\":\"function\",\"function\":{\"name\":\"write\","
            + "\"arguments\":\"{\\\"path\\\":\\\"hello.py\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"call_y\",\"type\":\"function\",\"function\":{\"name\":\"write\","
            + "\"arguments\":\"{\\\"path\\\":\\\"world.py\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: [DONE]\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    ChatResponse r = assembled(sse, 10, Protocol.OPENAI_CHAT, listener);

    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCall("call_x", "write", "{\"path\":\"hello.py\"}"),
            new ToolCall("call_y", "write", "{\"path\":\"world.py\"}"));
    assertThat(listener.fragments).extracting(ToolCallDelta::index).containsExactly(0, 1);
  }

  @Test
  void anIndexedCallStaysOneCallWhenItsIdChangesBetweenFragments() throws Exception {
    // Some servers send another id with each fragment of one call: its index is what counts.
    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"search\","
            + "\"arguments\":\"{\\\"q\\\":\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"search\","
            + "\"arguments\":\"\\\"cats\\\"}\"}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: [DONE]\n\n";
    ChatResponse r = assembled(sse, 11, Protocol.OPENAI_CHAT, new Fixtures.Recorder());

    assertThat(r.toolCalls()).extracting(ToolCall::name).containsExactly("search");
    assertThat(r.toolCalls().get(0).argumentsJson()).isEqualTo("{\"q\":\"cats\"}");
  }

  @Test
  void readsToolCallArgumentsSentAsAJsonObjectWholeAndStreamed() throws Exception {
    // llama.cpp's server and TGI answer function.arguments as a JSON object, not a string.
    String body =
        "{\"id\":\"x\",\"model\":\"m\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
            + "\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":"
            + "\"function\",\"function\":{\"name\":\"search\",\"arguments\":{\"q\":\"cats\"}}}]},"
            + "\"finish_reason\":\"tool_calls\"}]}";
    byte[] b = RawServer.bytes(body);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + b.length
            + "\r\nConnection: close\r\n\r\n";
    try (RawServer server = RawServer.answering(List.of(RawServer.bytes(head), b))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), Protocol.OPENAI_CHAT);
      AttemptOutcome out = clients.clientFor(p).send(Fixtures.call(p, "m", false, LIMITS, null));

      assertThat(succeeded(out).toolCalls())
          .containsExactly(new ToolCall("call_1", "search", "{\"q\":\"cats\"}"));
    }

    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"fetch\","
            + "\"arguments\":{\"url\":\"x\"}}}]}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: [DONE]\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome streamed = sendSse(sse, Protocol.OPENAI_CHAT, listener);

    assertThat(succeeded(streamed).toolCalls())
        .containsExactly(new ToolCall("call_2", "fetch", "{\"url\":\"x\"}"));
    assertThat(((AttemptOutcome.Succeeded) streamed).skippedEvents()).isZero();
  }

  @Test
  void assemblesAnthropicTextAndToolUseBlocks() throws Exception {
    String sse =
        AnthropicSse.start("msg_1", "claude-x", "{\"input_tokens\":11,\"output_tokens\":1}")
            .ping()
            .text("Let me look.")
            .toolUse("toolu_1", "search", "{\"q\": ", "\"dogs\"}")
            .end("tool_use", 9);
    Fixtures.Recorder listener = new Fixtures.Recorder();
    ChatResponse r = assembled(sse, 13, Protocol.ANTHROPIC_MESSAGES, listener);

    assertThat(r.content()).isEqualTo("Let me look.");
    assertThat(r.toolCalls())
        .containsExactly(new ToolCall("toolu_1", "search", "{\"q\": \"dogs\"}"));
    assertThat(r.finishReason()).isEqualTo("tool_calls");
    assertThat(r.usage().promptTokens()).isEqualTo(11);
    assertThat(r.usage().completionTokens()).isEqualTo(9);
    assertThat(r.servedModel()).isEqualTo("claude-x");
    assertThat(listener.toolCalls).hasSize(1);
  }

  @Test
  void relaysAnthropicThinkingAsReasoningAndToolUseAsOpenAiShapedFragments() throws Exception {
    String sse =
        AnthropicSse.start(
                "msg_9",
                "claude-x",
                "{\"input_tokens\":5,\"output_tokens\":1,\"cache_read_input_tokens\":40,"
                    + "\"cache_creation_input_tokens\":3}")
            .thinking("c2ln", "Search ", "first.")
            .toolUse("toolu_9", "search", "{\"q\":", "1}")
            .end("tool_use", 7);
    Fixtures.Recorder listener = new Fixtures.Recorder();
    ChatResponse r = assembled(sse, 11, Protocol.ANTHROPIC_MESSAGES, listener);

    assertThat(r.id()).isEqualTo("msg_9");
    assertThat(r.reasoningContent()).isEqualTo("Search first.");
    assertThat(listener.reasoning.toString()).isEqualTo("Search first.");
    // Anthropic's block index 1 is the answer's first tool call: index 0, id and name first.
    assertThat(listener.fragments)
        .containsExactly(
            new ToolCallDelta(0, "toolu_9", "search", ""),
            new ToolCallDelta(0, null, null, "{\"q\":"),
            new ToolCallDelta(0, null, null, "1}"));
    assertThat(r.toolCalls()).containsExactly(new ToolCall("toolu_9", "search", "{\"q\":1}"));
    assertThat(r.usage().promptTokens()).isEqualTo(48);
    assertThat(r.usage().cachedTokens()).isEqualTo(40);
    assertThat(r.usage().cacheCreationTokens()).isEqualTo(3);
    assertThat(r.usage().completionTokens()).isEqualTo(7);
  }

  @Test
  void classifiesAnInBandErrorBeforeOutputAsRetryableEvidence() throws Exception {
    String sse = "data: {\"error\":{\"message\":\"Overloaded\",\"type\":\"overloaded_error\"}}\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome out = sendSse(sse, Protocol.OPENAI_CHAT, listener);

    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    assertThat(((AttemptOutcome.Failed) out).visibleOutput()).isFalse();
    assertThat(evidence)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.inBandError()).isTrue();
              assertThat(e.streamStarted()).isFalse();
              assertThat(e.body()).contains("overloaded_error");
              assertThat(e.provider()).isEqualTo("raw");
            });
  }

  @Test
  void anInBandErrorAfterOutputIsStreamInterrupted() throws Exception {
    String sse =
        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"Half an ans\"}}\n\n"
            + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\","
            + "\"message\":\"Overloaded\"}}\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome out = sendSse(sse, Protocol.ANTHROPIC_MESSAGES, listener);

    AttemptOutcome.Failed failed = (AttemptOutcome.Failed) out;
    assertThat(failed.visibleOutput()).isTrue();
    assertThat(failed.failure().category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
    assertThat(failed.failure().retryable()).isFalse();
    assertThat(evidence).singleElement().satisfies(e -> assertThat(e.streamStarted()).isTrue());
    assertThat(listener.text()).isEqualTo("Half an ans");
  }

  @Test
  void aFinishedStreamOnAConnectionHeldOpenEndsAsASuccessByTheIdleLimit() throws Exception {
    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"done\"},"
            + "\"finish_reason\":\"stop\"}]}\n\n";
    try (RawServer server =
        RawServer.answeringAndHolding(withHead(List.of(RawServer.bytes(sse))))) {
      long start = time.read();
      // Armed at the start, when the headers are in, and at the first token (which finishes the
      // answer): then the time goes straight to each deadline due, never ahead of the attempt.
      AttemptOutcome out =
          scheduler.driveToDeadlines(
              () -> send(server, Protocol.OPENAI_CHAT, new Fixtures.Recorder()), 3);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(((AttemptOutcome.Succeeded) out).response().content()).isEqualTo("done");
      // After the finish chunk the usage chunk and [DONE] may still come, so the reader waits — but
      // only for the stream-idle limit (4 s), never for the attempt's total (20 s), and the answer
      // is whole, not a timeout: the idle limit is the deadline that ended it.
      assertThat(Duration.ofNanos(time.read() - start)).isEqualTo(LIMITS.idleTimeout());
      assertThat(scheduler.pending()).isZero();
    }
  }

  @Test
  void deliversAWholeJsonAnswerToAStreamingCallerAsOneDelta() throws Exception {
    String body =
        "{\"id\":\"x\",\"model\":\"m\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"not streamed\"},\"finish_reason\":\"stop\"}]}";
    byte[] b = RawServer.bytes(body);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + b.length
            + "\r\nConnection: close\r\n\r\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome out = sendTo(List.of(RawServer.bytes(head), b), Protocol.OPENAI_CHAT, listener);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(listener.deltas).containsExactly("not streamed");
  }

  @Test
  void aMalformedEventIsSkippedCountedAndNeverPassedOn() throws Exception {
    String sse =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok \"}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"garb\n\n"
            + "data:\n\n" // a legal empty data line: nothing at all
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"after\"},"
            + "\"finish_reason\":\"stop\"}]}\n\n";
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome out = sendSse(sse, Protocol.OPENAI_CHAT, listener);

    AttemptOutcome.Succeeded ok = (AttemptOutcome.Succeeded) out;
    assertThat(ok.response().content()).isEqualTo("ok after");
    assertThat(ok.skippedEvents()).isEqualTo(1);
    assertThat(listener.deltas).containsExactly("ok ", "after");
  }

  @Test
  void aTwoHundredWithoutOutputIsARetryableEmptyResponse() throws Exception {
    String body = "{\"id\":\"x\",\"choices\":[{\"index\":0,\"message\":{\"content\":\"\"}}]}";
    byte[] b = RawServer.bytes(body);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + b.length
            + "\r\nConnection: close\r\n\r\n";
    try (RawServer server = RawServer.answering(List.of(RawServer.bytes(head), b))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), Protocol.OPENAI_CHAT);
      AttemptOutcome out = clients.clientFor(p).send(Fixtures.call(p, "m", false, LIMITS, null));

      ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
      assertThat(f.category()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
      assertThat(f.retryable()).isTrue();
      assertThat(f.reachedModel()).isEqualTo(ReachedModel.YES);
      assertThat(f.body()).isEqualTo(body);
    }
  }

  /** A whole (non-streamed) answer {@code body} from a server of {@code protocol}. */
  AttemptOutcome sendWhole(String body, Protocol protocol) throws IOException {
    byte[] b = RawServer.bytes(body);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + b.length
            + "\r\nConnection: close\r\n\r\n";
    try (RawServer server = RawServer.answering(List.of(RawServer.bytes(head), b))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), protocol);
      return clients.clientFor(p).send(Fixtures.call(p, "m", false, LIMITS, null));
    }
  }

  private static final String PAUSED_BLOCKS =
      "[{\"type\":\"server_tool_use\",\"id\":\"srvtoolu_1\",\"name\":\"web_search\","
          + "\"input\":{\"query\":\"oslo\"}},{\"type\":\"web_search_tool_result\","
          + "\"tool_use_id\":\"srvtoolu_1\",\"content\":[]}]";

  private static String anthropicAnswer(String content, String stopReason) {
    return "{\"id\":\"msg_p\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
        + "\"content\":"
        + content
        + ",\"stop_reason\":\""
        + stopReason
        + "\",\"usage\":{\"input_tokens\":3,\"output_tokens\":2}}";
  }

  /**
   * A turn Anthropic paused in a server tool loop holds only blocks the engine does not model: it
   * is an answer (its content as written, for a Messages caller), whole and streamed.
   */
  @Test
  void anAnthropicTurnOfOnlyServerToolBlocksIsAnAnswerWholeAndStreamed() throws Exception {
    ChatResponse whole =
        succeeded(
            sendWhole(anthropicAnswer(PAUSED_BLOCKS, "pause_turn"), Protocol.ANTHROPIC_MESSAGES));
    assertThat(whole.finishReason()).isEqualTo("pause_turn");
    assertThat(whole.usable()).isFalse(); // the reading has no output: the native content has
    assertThat(new ObjectMapper().readTree(whole.nativeAnswer().content()))
        .isEqualTo(new ObjectMapper().readTree(PAUSED_BLOCKS));

    String sse =
        AnthropicSse.start("msg_p", "m", "{\"input_tokens\":3,\"output_tokens\":1}")
            .block(
                "{\"type\":\"web_search_tool_result\",\"tool_use_id\":\"srvtoolu_1\","
                    + "\"content\":[]}")
            .end("pause_turn", 2);
    List<String> blocks = new ArrayList<>();
    Fixtures.Recorder listener =
        new Fixtures.Recorder() {
          @Override
          public void onNativeBlock(Protocol protocol, String blockJson) {
            blocks.add(blockJson);
          }
        };
    ChatResponse streamed = assembled(sse, 17, Protocol.ANTHROPIC_MESSAGES, listener);
    assertThat(streamed.finishReason()).isEqualTo("pause_turn");
    assertThat(blocks).singleElement().asString().contains("web_search_tool_result");
  }

  /**
   * An Anthropic answer whose only block is an empty text is still no answer, whole and streamed.
   */
  @Test
  void anAnthropicAnswerOfOnlyAnEmptyTextIsStillAnEmptyResponse() throws Exception {
    AttemptOutcome whole =
        sendWhole(
            anthropicAnswer("[{\"type\":\"text\",\"text\":\"\"}]", "end_turn"),
            Protocol.ANTHROPIC_MESSAGES);
    assertThat(((AttemptOutcome.Failed) whole).failure().category())
        .isEqualTo(FailureCategory.EMPTY_RESPONSE);

    String sse =
        AnthropicSse.start("msg_e", "m", "{\"input_tokens\":3,\"output_tokens\":1}")
            .text("")
            .end("end_turn", 1);
    AttemptOutcome streamed = sendSse(sse, Protocol.ANTHROPIC_MESSAGES, new Fixtures.Recorder());
    assertThat(((AttemptOutcome.Failed) streamed).failure().category())
        .isEqualTo(FailureCategory.EMPTY_RESPONSE);
  }
}
