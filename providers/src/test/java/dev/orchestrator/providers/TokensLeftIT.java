package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request larger than the tokens a key's headers said are left is not sent with that key
 * (docs/design.md §14: a request that would exceed a known limit is not sent there), through the
 * real clients on a loopback upstream sending OpenAI's rate-limit headers, on fake time. The
 * provider would answer it with a 429 ("Requested 6000, Limit 10000, Used 8500").
 */
class TokensLeftIT {
  private static final String ALPHA = "alpha/m";
  private static final String BETA = "beta/m";

  /** OpenAI's headers: 10,000 tokens a minute, 1,500 left, back in 30 s. */
  private static final Map<String, String> FEW_TOKENS_LEFT =
      Map.of(
          "x-ratelimit-limit-requests", "500",
          "x-ratelimit-remaining-requests", "499",
          "x-ratelimit-reset-requests", "120ms",
          "x-ratelimit-limit-tokens", "10000",
          "x-ratelimit-remaining-tokens", "1500",
          "x-ratelimit-reset-tokens", "30s");

  private final FakeTime time = new FakeTime();
  private ScriptedUpstream upstream;

  @AfterEach
  void stop() {
    if (upstream != null) {
      upstream.close();
    }
  }

  private TaskOrchestrator orchestrator() {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta")) {
      b.provider(Fixtures.provider(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT));
    }
    b.route(
        Route.builder("alpha", "m").tier(Tier.FREE).contextWindow(128_000).quality(0.9).build());
    b.route(Route.builder("beta", "m").tier(Tier.FREE).contextWindow(128_000).quality(0.5).build());
    b.pool(new Pool("pair", PoolKind.VIRTUAL, List.of(ALPHA, BETA)));
    Credentials creds = Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET));
    return TaskOrchestrator.builder()
        .catalog(b.build())
        .providers(
            HttpProviderClients.builder()
                .credentials(creds)
                .ticker(time)
                .clock(time.clock(Instant.parse("2026-12-08T00:00:00Z")))
                .build())
        .credentials(creds)
        .ticker(time)
        .sleeper(time)
        .policy(OrchestratorPolicy.builder().seed(5L).deadline(Duration.ofSeconds(10)).build())
        .build();
  }

  @Test
  void aRequestLargerThanTheTokensLeftGoesElsewhereAndASmallOneStays() {
    upstream =
        ScriptedUpstream.start(
            Map.of(
                ALPHA, List.of(Step.ok("alpha answers").withHeaders(FEW_TOKENS_LEFT)),
                BETA, List.of(Step.ok("beta answers"))));
    TaskOrchestrator o = orchestrator();
    assertThat(o.chat(ChatRequest.builder("pair").user("hello").build()).route()).isEqualTo(ALPHA);

    // About 6,000 tokens asked for: 2,000 of prompt and 4,000 of output, over the 1,500 left.
    ChatRequest large =
        ChatRequest.builder("pair").user("word ".repeat(1_600)).maxTokens(4_000).build();
    ChatResult r = o.chat(large);
    assertThat(r.route()).isEqualTo(BETA);
    assertThat(upstream.callCount(ALPHA)).as("calls to alpha").isEqualTo(1);
    assertThat(r.trace().limited()).anySatisfy(l -> assertThat(l.toString()).contains(ALPHA));

    // A request that fits what is left still goes to alpha.
    ChatRequest small = ChatRequest.builder("pair").user("hi again").maxTokens(200).build();
    assertThat(o.chat(small).route()).isEqualTo(ALPHA);

    // Once the tokens' window has reset, the large one goes to alpha again.
    time.advance(Duration.ofSeconds(31));
    assertThat(o.chat(large).route()).isEqualTo(ALPHA);
  }
}
