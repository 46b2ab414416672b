package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.cost.CostCalculator;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Both usage conventions partition an answer's tokens the way the provider bills them, once the
 * wire has decoded them into the engine's {@link Usage}: Anthropic reports its cache reads and
 * writes apart from {@code input_tokens} (which is then exactly the uncached input); OpenAI, and
 * OpenRouter and DeepSeek after it, report them inside {@code prompt_tokens}, and reasoning inside
 * {@code completion_tokens}. The cost of the decoded usage equals the bill worked out from the wire
 * counts in the provider's own convention, to the last digit.
 */
class UsageConventionsPropertyTest {
  /** Anthropic's usage as reported: every count apart from the others; cache counts optional. */
  record AnthropicCounts(int input, Integer read, Integer write, int output) {
    String json() {
      return "{\"input_tokens\":"
          + input
          + (read == null ? "" : ",\"cache_read_input_tokens\":" + read)
          + (write == null ? "" : ",\"cache_creation_input_tokens\":" + write)
          + ",\"output_tokens\":"
          + output
          + "}";
    }
  }

  /** OpenAI-shaped usage as reported: the details are parts of their wholes. */
  record OpenAiCounts(
      int prompt,
      Integer cached,
      boolean deepSeekField,
      Integer written,
      int completion,
      Integer reasoning) {
    String json() {
      StringBuilder details = new StringBuilder();
      if (cached != null && !deepSeekField) {
        details.append("\"cached_tokens\":").append(cached);
      }
      if (written != null) {
        details.append(details.length() > 0 ? "," : "").append("\"cache_write_tokens\":");
        details.append(written);
      }
      return "{\"prompt_tokens\":"
          + prompt
          + ",\"completion_tokens\":"
          + completion
          + ",\"total_tokens\":"
          + (prompt + completion)
          + (details.length() == 0 ? "" : ",\"prompt_tokens_details\":{" + details + "}")
          + (cached != null && deepSeekField
              ? ",\"prompt_cache_hit_tokens\":"
                  + cached
                  + ",\"prompt_cache_miss_tokens\":"
                  + (prompt - cached)
              : "")
          + (reasoning == null
              ? ""
              : ",\"completion_tokens_details\":{\"reasoning_tokens\":" + reasoning + "}")
          + "}";
    }
  }

  @Provide
  Arbitrary<AnthropicCounts> anthropicCounts() {
    Arbitrary<Integer> tokens = Arbitraries.integers().between(0, 500_000);
    return Combinators.combine(tokens, tokens.injectNull(0.3), tokens.injectNull(0.3), tokens)
        .as(AnthropicCounts::new);
  }

  @Provide
  Arbitrary<OpenAiCounts> openAiCounts() {
    Arbitrary<Integer> tokens = Arbitraries.integers().between(0, 1_000_000);
    Arbitrary<Integer> percent = Arbitraries.integers().between(0, 100);
    Arbitrary<Boolean> reported = Arbitraries.of(true, true, false);
    return Combinators.combine(
            tokens,
            tokens,
            percent,
            percent,
            percent,
            Arbitraries.of(false, false, true),
            reported,
            Combinators.combine(reported, reported).as((a, b) -> new boolean[] {a, b}))
        .as(
            (prompt, completion, readPct, writePct, reasoningPct, deepSeek, hasRead, more) -> {
              int read = (int) ((long) prompt * readPct / 100);
              int write = (int) ((long) (prompt - read) * writePct / 100);
              int reasoning = (int) ((long) completion * reasoningPct / 100);
              return new OpenAiCounts(
                  prompt,
                  hasRead ? read : null,
                  deepSeek,
                  more[0] ? write : null,
                  completion,
                  more[1] ? reasoning : null);
            });
  }

  /** Prices of their own for every kind of token, so that a token priced as another shows. */
  @Provide
  Arbitrary<Route> routes() {
    Arbitrary<BigDecimal> price =
        Arbitraries.bigDecimals().between(new BigDecimal("0.01"), new BigDecimal("100")).ofScale(3);
    return Combinators.combine(price, price, price, price, price)
        .as(
            (in, out, read, write, reasoning) ->
                Route.builder("p", "m")
                    .prices(in, out)
                    .cacheReadPrice(read)
                    .cacheWritePrice(write)
                    .reasoningPrice(reasoning)
                    .build());
  }

  private static Usage decode(WireProtocol wire, String body) {
    return wire.decode(body.getBytes(StandardCharsets.UTF_8), "m", null).response().usage();
  }

  private static String anthropicAnswer(AnthropicCounts c) {
    return "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
        + "\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"stop_reason\":\"end_turn\","
        + "\"usage\":"
        + c.json()
        + "}";
  }

  private static String openAiAnswer(OpenAiCounts c) {
    return "{\"id\":\"c1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},\"finish_reason\":\"stop\"}],"
        + "\"usage\":"
        + c.json()
        + "}";
  }

  /**
   * The cost of {@code u}; an answer that reports nothing at all (every count 0, no detail) is "no
   * usage", which has no cost, so it is taken as the 0 it reported.
   */
  private static BigDecimal cost(Route r, Usage u) {
    if (u.isNone()) {
      assertThat(CostCalculator.cost(r, u)).isNull();
      return BigDecimal.ZERO;
    }
    return CostCalculator.cost(r, u);
  }

  private static BigDecimal times(BigDecimal price, long tokens) {
    return price.multiply(BigDecimal.valueOf(tokens));
  }

  private static long count(Integer n) {
    return n == null ? 0 : n;
  }

  @Property
  void anthropicCountsApartFromInputArePricedEachOnceAndInputIsTheUncachedPart(
      @ForAll("anthropicCounts") AnthropicCounts c, @ForAll("routes") Route r) {
    Usage u = decode(AnthropicWire.INSTANCE, anthropicAnswer(c));

    long read = count(c.read());
    long write = count(c.write());
    assertThat(u.promptTokens()).isEqualTo(c.input() + read + write);
    assertThat(u.promptTokens() - count(u.cachedTokens()) - count(u.cacheCreationTokens()))
        .isEqualTo(c.input());
    assertThat(u.completionTokens()).isEqualTo(c.output());
    BigDecimal bill =
        times(r.inputPerMtok(), c.input())
            .add(times(r.cacheReadPerMtok(), read))
            .add(times(r.cacheWritePerMtok(), write))
            .add(times(r.outputPerMtok(), c.output()))
            .movePointLeft(6);
    assertThat(cost(r, u)).isNotNegative().isEqualByComparingTo(bill);
  }

  @Property
  void openAiCountsInsideTheirWholesArePricedEachOnce(
      @ForAll("openAiCounts") OpenAiCounts c, @ForAll("routes") Route r) {
    Usage u = decode(OpenAiWire.INSTANCE, openAiAnswer(c));

    long read = count(c.cached());
    long write = count(c.written());
    long reasoning = count(c.reasoning());
    assertThat(u.promptTokens()).isEqualTo(c.prompt());
    assertThat(u.completionTokens()).isEqualTo(c.completion());
    assertThat(count(u.cachedTokens())).isEqualTo(read);
    assertThat(count(u.cacheCreationTokens())).isEqualTo(write);
    assertThat(count(u.reasoningTokens())).isEqualTo(reasoning);
    BigDecimal bill =
        times(r.inputPerMtok(), c.prompt() - read - write)
            .add(times(r.cacheReadPerMtok(), read))
            .add(times(r.cacheWritePerMtok(), write))
            .add(times(r.outputPerMtok(), c.completion() - reasoning))
            .add(times(r.reasoningPerMtok(), reasoning))
            .movePointLeft(6);
    assertThat(cost(r, u)).isNotNegative().isEqualByComparingTo(bill);
  }

  /**
   * Without cache or reasoning counts the two conventions agree, and the cost is what it always
   * was: prompt × input + completion × output.
   */
  @Property
  void withoutDetailCountsBothConventionsCostInputAndOutput(
      @ForAll("anthropicCounts") AnthropicCounts a, @ForAll("routes") Route r) {
    AnthropicCounts plain = new AnthropicCounts(a.input(), null, null, a.output());
    OpenAiCounts same = new OpenAiCounts(a.input(), null, false, null, a.output(), null);
    BigDecimal expected =
        times(r.inputPerMtok(), a.input())
            .add(times(r.outputPerMtok(), a.output()))
            .movePointLeft(6);

    assertThat(cost(r, decode(AnthropicWire.INSTANCE, anthropicAnswer(plain))))
        .isEqualByComparingTo(expected);
    assertThat(cost(r, decode(OpenAiWire.INSTANCE, openAiAnswer(same))))
        .isEqualByComparingTo(expected);
  }
}
