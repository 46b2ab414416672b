package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.cost.CostCalculator;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.providers.simulation.AnthropicSse;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The usage counts each wire reports reach the engine's {@link Usage} at the provider boundary, and
 * price as the provider bills them — whole and streamed answers from a raw socket on 127.0.0.1.
 * Anthropic reports cache reads and writes apart from {@code input_tokens}; OpenAI and those that
 * follow it report them inside {@code prompt_tokens} (cache writes: OpenRouter's {@code
 * cache_write_tokens}; cache hits: DeepSeek's {@code prompt_cache_hit_tokens}) and reasoning inside
 * {@code completion_tokens}. Prices are the snapshots' (Models.dev, OpenRouter), in USD per Mtok.
 */
class UsageCostIT {
  /** Models.dev anthropic/claude-sonnet-4-5 (OpenRouter's anthropic/claude-sonnet-4.5 agrees). */
  static final Route SONNET = route("3", "15", "0.3", "3.75", null);

  /** Models.dev openai/gpt-5. */
  static final Route GPT5 = route("1.25", "10", "0.125", null, null);

  /** Models.dev deepseek/deepseek-chat. */
  static final Route DEEPSEEK = route("0.14", "0.28", "0.0028", null, null);

  /** OpenRouter perplexity/sonar-deep-research: reasoning priced apart, below output. */
  static final Route DEEP_RESEARCH = route("2", "8", null, null, "3");

  static Route route(String in, String out, String read, String write, String reasoning) {
    return Route.builder("p", "m")
        .prices(new BigDecimal(in), new BigDecimal(out))
        .cacheReadPrice(read == null ? null : new BigDecimal(read))
        .cacheWritePrice(write == null ? null : new BigDecimal(write))
        .reasoningPrice(reasoning == null ? null : new BigDecimal(reasoning))
        .build();
  }

  /** {@code r} without its cache-write and reasoning prices: what the cost was before. */
  static Route before(Route r) {
    return r.toBuilder().cacheWritePrice(null).reasoningPrice(null).build();
  }

  static Usage usageOf(AttemptOutcome out) {
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    return ((AttemptOutcome.Succeeded) out).response().usage();
  }

  /** One call, whole or streamed, to a server on loopback that answers {@code body}. */
  static Usage send(Protocol protocol, boolean stream, String body) throws Exception {
    byte[] b = RawServer.bytes(body);
    byte[] head =
        stream
            ? RawServer.sseHead()
            : RawServer.bytes(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + b.length
                    + "\r\nConnection: close\r\n\r\n");
    try (RawServer server = RawServer.answering(List.of(head, b))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), protocol);
      Fixtures.Recorder listener = stream ? new Fixtures.Recorder() : null;
      return usageOf(
          Fixtures.clients()
              .clientFor(p)
              .send(Fixtures.call(p, "m", stream, StreamAssemblyIT.LIMITS, listener)));
    }
  }

  /** An Anthropic answer reporting {@code usage} (JSON), whole or as an event stream. */
  static String anthropic(boolean stream, String usage, int outputTokens) {
    if (stream) {
      return AnthropicSse.start("msg_1", "claude-sonnet-4-5", usage)
          .text("Hello", " there.")
          .end("end_turn", outputTokens);
    }
    return "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\","
        + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"Hello there.\"}],"
        + "\"stop_reason\":\"end_turn\",\"usage\":"
        + usage.replace("\"output_tokens\":1", "\"output_tokens\":" + outputTokens)
        + "}";
  }

  /** An OpenAI-shaped answer reporting {@code usage} (JSON), whole or as an event stream. */
  static String openAi(boolean stream, String usage) {
    if (stream) {
      return "data: {\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,"
          + "\"delta\":{\"role\":\"assistant\",\"content\":\"Hello there.\"}}]}\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},"
          + "\"finish_reason\":\"stop\"}]}\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[],\"usage\":"
          + usage
          + "}\n\n"
          + "data: [DONE]\n\n";
    }
    return "{\"id\":\"c1\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":\"Hello there.\"},"
        + "\"finish_reason\":\"stop\"}],\"usage\":"
        + usage
        + "}";
  }

  /**
   * One Anthropic turn with a cached prefix: 50 new input tokens, 2,000 written to the cache,
   * 30,000 read from it, 400 out. Billed 50 × $3 + 2,000 × $3.75 + 30,000 × $0.3 + 400 × $15 per
   * Mtok = $0.02265; before the cache-write price was read, the writes cost input: $0.02115.
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void anAnthropicTurnPaysItsCacheWritesAndReadsAtTheirPrices(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.ANTHROPIC_MESSAGES,
            stream,
            anthropic(
                stream,
                "{\"input_tokens\":50,\"cache_creation_input_tokens\":2000,"
                    + "\"cache_read_input_tokens\":30000,\"output_tokens\":1}",
                400));

    // Anthropic's counts are apart from input_tokens; the Usage holds them inside the prompt.
    assertThat(u.promptTokens()).isEqualTo(32050);
    assertThat(u.cachedTokens()).isEqualTo(30000);
    assertThat(u.cacheCreationTokens()).isEqualTo(2000);
    assertThat(u.completionTokens()).isEqualTo(400);
    assertThat(u.reasoningTokens()).isNull();
    assertThat(CostCalculator.cost(SONNET, u)).isEqualByComparingTo("0.02265");
    assertThat(CostCalculator.cost(before(SONNET), u)).isEqualByComparingTo("0.02115");
  }

  /** An Anthropic turn with no cache use costs what it did: input and output only. */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void anAnthropicTurnWithoutTheCacheCostsInputAndOutput(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.ANTHROPIC_MESSAGES,
            stream,
            anthropic(
                stream,
                "{\"input_tokens\":1000,\"cache_creation_input_tokens\":0,"
                    + "\"cache_read_input_tokens\":0,\"output_tokens\":1}",
                100));

    assertThat(u.promptTokens()).isEqualTo(1000);
    assertThat(CostCalculator.cost(SONNET, u)).isEqualByComparingTo("0.0045");
    assertThat(CostCalculator.cost(before(SONNET), u)).isEqualByComparingTo("0.0045");
  }

  /**
   * OpenAI: 8,000 of 10,000 prompt tokens cached, 300 of 500 completion tokens reasoning (inside
   * the counts): 2,000 × $1.25 + 8,000 × $0.125 + 500 × $10 per Mtok = $0.0085, as before — the
   * cache reads were priced already, and GPT-5 states no cache-write or reasoning price.
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void anOpenAiAnswerPaysItsCacheReadsAndItsReasoningAsOutput(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.OPENAI_CHAT,
            stream,
            openAi(
                stream,
                "{\"prompt_tokens\":10000,\"completion_tokens\":500,\"total_tokens\":10500,"
                    + "\"prompt_tokens_details\":{\"cached_tokens\":8000,\"audio_tokens\":0},"
                    + "\"completion_tokens_details\":{\"reasoning_tokens\":300}}"));

    assertThat(u.promptTokens()).isEqualTo(10000);
    assertThat(u.cachedTokens()).isEqualTo(8000);
    assertThat(u.cacheCreationTokens()).isNull();
    assertThat(u.reasoningTokens()).isEqualTo(300);
    assertThat(CostCalculator.cost(GPT5, u)).isEqualByComparingTo("0.0085");
  }

  /**
   * OpenRouter reports Anthropic's cache writes inside {@code prompt_tokens} as {@code
   * cache_write_tokens}: the same turn as above costs the same $0.02265 through OpenRouter; before,
   * its writes cost input ($0.02115).
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void anOpenRouterAnswerPaysItsCacheWritesAtTheWritePrice(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.OPENAI_CHAT,
            stream,
            openAi(
                stream,
                "{\"prompt_tokens\":32050,\"completion_tokens\":400,\"total_tokens\":32450,"
                    + "\"cost\":0.02265,\"prompt_tokens_details\":{\"cached_tokens\":30000,"
                    + "\"cache_write_tokens\":2000,\"audio_tokens\":0},"
                    + "\"completion_tokens_details\":{\"reasoning_tokens\":0}}"));

    assertThat(u.cachedTokens()).isEqualTo(30000);
    assertThat(u.cacheCreationTokens()).isEqualTo(2000);
    assertThat(CostCalculator.cost(SONNET, u)).isEqualByComparingTo("0.02265");
    assertThat(CostCalculator.cost(before(SONNET), u)).isEqualByComparingTo("0.02115");
  }

  /**
   * DeepSeek reports its cache hits as {@code prompt_cache_hit_tokens} (inside {@code
   * prompt_tokens}): 1,000 × $0.14 + 9,000 × $0.0028 + 200 × $0.28 per Mtok = $0.0002212; before,
   * every prompt token cost input ($0.001456).
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void aDeepSeekAnswerPaysItsCacheHitsAtTheCacheReadPrice(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.OPENAI_CHAT,
            stream,
            openAi(
                stream,
                "{\"prompt_tokens\":10000,\"completion_tokens\":200,\"total_tokens\":10200,"
                    + "\"prompt_cache_hit_tokens\":9000,\"prompt_cache_miss_tokens\":1000}"));

    assertThat(u.cachedTokens()).isEqualTo(9000);
    assertThat(CostCalculator.cost(DEEPSEEK, u)).isEqualByComparingTo("0.0002212");
    assertThat(CostCalculator.cost(DEEPSEEK, u.promptTokens(), 0, u.completionTokens()))
        .isEqualByComparingTo("0.001456");
  }

  /**
   * A reasoning price apart from output (OpenRouter's {@code internal_reasoning}): 100 × $2 + 400
   * answer tokens × $8 + 600 reasoning tokens × $3 per Mtok = $0.0052; as output they were $0.0082.
   */
  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void reasoningTokensPayTheReasoningPriceWhereTheCatalogHasOne(boolean stream) throws Exception {
    Usage u =
        send(
            Protocol.OPENAI_CHAT,
            stream,
            openAi(
                stream,
                "{\"prompt_tokens\":100,\"completion_tokens\":1000,\"total_tokens\":1100,"
                    + "\"completion_tokens_details\":{\"reasoning_tokens\":600}}"));

    assertThat(u.reasoningTokens()).isEqualTo(600);
    assertThat(CostCalculator.cost(DEEP_RESEARCH, u)).isEqualByComparingTo("0.0052");
    assertThat(CostCalculator.cost(before(DEEP_RESEARCH), u)).isEqualByComparingTo("0.0082");
  }
}
