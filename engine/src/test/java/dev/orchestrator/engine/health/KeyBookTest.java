package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.RateLimits;
import dev.orchestrator.engine.testing.FakeTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Which key an attempt is sent with: health, the limits headers report, declared limits. */
class KeyBookTest {
  private final FakeTime time = new FakeTime();
  private final Clock wall = time.clock(Instant.parse("2026-03-01T23:58:00Z"));
  private final Credentials env = Credentials.of(Map.of("K_A", "secret-a", "K_B", "secret-b"));

  private KeyBook book(long seed) {
    Random r = new Random(seed);
    return new KeyBook(env, time, wall, r::nextDouble);
  }

  private static Provider provider(DeclaredLimits limits, ApiKey... keys) {
    return Provider.of("g", "http://g.invalid/v1", Protocol.OPENAI_CHAT, List.of())
        .withKeys(List.of(keys), limits);
  }

  private static ApiKey key(String name, String env, int weight) {
    return new ApiKey(name, List.of(env), weight, null);
  }

  @Test
  void weightsShareTheAttemptsAmongHealthyKeys() {
    Provider p = provider(null, key("a", "K_A", 3), key("b", "K_B", 1));
    KeyBook b = book(7);
    Map<String, Integer> used = new HashMap<>();
    for (int i = 0; i < 4000; i++) {
      used.merge(b.choose(p).key().name(), 1, Integer::sum);
    }
    assertThat(used.get("a")).isBetween(2800, 3200);
    assertThat(used.get("b")).isBetween(800, 1200);
  }

  @Test
  void anUnsetKeyIsNeverChosenAndAnUnnamedKeyIsNamedByItsVariable() {
    Provider p = provider(null, ApiKey.of("K_A"), key("c", "K_UNSET", 100));
    KeyBook b = book(1);
    for (int i = 0; i < 50; i++) {
      assertThat(b.choose(p).key().name()).isEqualTo("K_A");
    }
    assertThat(b.status(p))
        .extracting(KeyBook.KeyStatus::name, KeyBook.KeyStatus::set)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("K_A", true),
            org.assertj.core.groups.Tuple.tuple("c", false));
  }

  @Test
  void aKeysStateOutlivesItsProviderAsARefreshedCatalogBringsItAgain() {
    // A provider of one unnamed key (built afresh by each keys() call), then the same provider
    // from a refreshed catalog: the key cooled on the first is still out on the second.
    Provider before = Provider.of("g", "http://g.invalid/v1", Protocol.OPENAI_CHAT, List.of("K_A"));
    Provider after = Provider.of("g", "http://g.invalid/v1", Protocol.OPENAI_CHAT, List.of("K_A"));
    KeyBook b = book(5);
    KeyBook.Choice first = b.choose(before);
    assertThat(first.key().name()).isEqualTo("K_A");
    b.coolDown(before, first.key(), Duration.ofMinutes(3), "rate_limited");

    assertThat(b.choose(after).sendable()).isFalse();
    assertThat(b.out(after))
        .get()
        .extracting(KeyBook.Choice::retryIn)
        .isEqualTo(Duration.ofMinutes(3));
    assertThat(b.choose(before).sendable()).isFalse();
    time.advance(Duration.ofMinutes(3));
    assertThat(b.choose(after).key().name()).isEqualTo("K_A");
  }

  @Test
  void aCooledKeyIsSkippedUntilItsCooldownEndsAndTheRouteStaysUpWhileAnotherServes() {
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(null, a, bKey);
    KeyBook b = book(3);
    assertThat(b.coolDown(p, a, Duration.ofMinutes(10), "quota_exhausted")).isTrue();
    for (int i = 0; i < 20; i++) {
      assertThat(b.choose(p).key()).isEqualTo(bKey);
    }
    assertThat(b.coolDown(p, bKey, Duration.ofMinutes(5), "auth_failed")).isFalse();
    KeyBook.Choice none = b.choose(p);
    assertThat(none.sendable()).isFalse();
    assertThat(none.retryIn()).isEqualTo(Duration.ofMinutes(5));
    assertThat(none.reason())
        .contains("key 'a' cooling_down (quota_exhausted)", "key 'b' cooling_down (auth_failed)")
        .doesNotContain("secret");
    time.advance(Duration.ofMinutes(5));
    assertThat(b.choose(p).key()).isEqualTo(bKey);
  }

  @Test
  void keysRefusedForAnAccountStateAreNothingToWaitForWhileATimedOneIs() {
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(null, a, bKey);
    KeyBook b = book(3);
    assertThat(b.accountState(p, a, Duration.ofMinutes(5), "auth_failed")).isTrue();
    assertThat(b.coolDown(p, bKey, Duration.ofSeconds(30), "rate_limited")).isFalse();
    KeyBook.Choice timed = b.out(p).orElseThrow();
    assertThat(timed.refused()).isFalse();
    assertThat(timed.retryIn()).as("the wait a provider gave").isEqualTo(Duration.ofSeconds(30));
    assertThat(timed.reason())
        .contains("key 'a' account_state (auth_failed) for 300 s", "key 'b' cooling_down");

    // The timed key is refused as well (a timed cool-down and an account state: refused first).
    b.accountState(p, bKey, Duration.ofMinutes(2), "permission_denied");
    KeyBook.Choice refused = b.out(p).orElseThrow();
    assertThat(refused.refused()).isTrue();
    assertThat(refused.retryIn()).isEqualTo(Duration.ofMinutes(2));
    assertThat(refused.reason()).contains("key 'b' account_state (permission_denied)");
    assertThat(b.status(p))
        .extracting(KeyBook.KeyStatus::out)
        .allMatch(o -> o.startsWith("account"));
  }

  @Test
  void keysTheFleetHoldsForAnAccountStateAreRefusedOnEveryReplica() {
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(null, a, bKey);
    RouteHealthRegistry fleet = RouteHealthRegistry.create(time);
    KeyBook there = new KeyBook(env, time, wall, new Random(1)::nextDouble, fleet);
    KeyBook here = new KeyBook(env, time, wall, new Random(2)::nextDouble, fleet);
    there.accountState(p, a, Duration.ofMinutes(5), "auth_failed");
    there.accountState(p, bKey, Duration.ofMinutes(5), "auth_failed");
    KeyBook.Choice out = here.out(p).orElseThrow();
    assertThat(out.refused()).isTrue();
    assertThat(out.reason()).contains("key 'a' account_state (fleet) for 300 s");
    assertThat(fleet.accountStateRemaining(KeyBook.healthId(p, a)))
        .isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void aKeyAtZeroRemainingIsNotSentToUntilItsResetAndANearlyExhaustedOneRanksLast() {
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(null, a, bKey);
    KeyBook b = book(5);
    b.observed(p, a, new RateLimits(2L, null, 100L, null, Duration.ofSeconds(30), null));
    for (int i = 0; i < 20; i++) {
      assertThat(b.choose(p).key()).as("a is near exhaustion").isEqualTo(bKey);
    }
    b.observed(p, bKey, new RateLimits(0L, null, 100L, null, Duration.ofSeconds(20), null));
    assertThat(b.choose(p).key()).as("a low key beats an exhausted one").isEqualTo(a);
    b.sent(p, a);
    b.sent(p, a);
    KeyBook.Choice none = b.choose(p);
    assertThat(none.sendable()).as("both at zero until their resets").isFalse();
    assertThat(none.reason()).contains("requests_exhausted");
    assertThat(none.retryIn()).isEqualTo(Duration.ofSeconds(20));
    time.advance(Duration.ofSeconds(20));
    assertThat(b.choose(p).key()).isEqualTo(bKey);
  }

  @Test
  void tokensAtZeroUntilTheirResetKeepTheKeyOut() {
    ApiKey a = key("a", "K_A", 1);
    Provider p = provider(null, a);
    KeyBook b = book(5);
    b.observed(p, a, new RateLimits(50L, 0L, 100L, 6000L, null, Duration.ofMillis(1500)));
    assertThat(b.choose(p).reason()).contains("key 'a' tokens_exhausted");
    time.advance(Duration.ofMillis(1500));
    assertThat(b.choose(p).key()).isEqualTo(a);
  }

  @Test
  void aDeclaredDailyLimitIsCountedLocallyAndResetsAtItsTime() {
    ApiKey a = key("a", "K_A", 1);
    Provider p = provider(new DeclaredLimits(2, null, LocalTime.MIDNIGHT), a);
    KeyBook b = book(5);
    assertThat(b.acquire(p).key()).isEqualTo(a);
    assertThat(b.acquire(p).key()).isEqualTo(a);
    KeyBook.Choice none = b.acquire(p);
    assertThat(none.reason()).isEqualTo("key 'a' daily_limit (2/2 requests) until 00:00Z");
    assertThat(none.retryIn()).isEqualTo(Duration.ofMinutes(2));
    time.advance(Duration.ofMinutes(2)); // 00:00Z: a new day
    assertThat(b.choose(p).key()).isEqualTo(a);
  }

  @Test
  void askingWhetherAKeyIsOutCountsNothingAndSaysWhyAsChoosingDoes() {
    ApiKey a = key("a", "K_A", 1);
    Provider p = provider(new DeclaredLimits(2, 1, LocalTime.MIDNIGHT), a);
    KeyBook b = book(5);
    for (int i = 0; i < 10; i++) {
      assertThat(b.out(p)).isEmpty(); // asked before every admission: never counted
    }
    assertThat(b.acquire(p).key()).isEqualTo(a);
    assertThat(b.out(p))
        .hasValueSatisfying(
            out -> {
              assertThat(out.reason()).isEqualTo(b.choose(p).reason());
              assertThat(out.reason()).startsWith("key 'a' minute_limit (1/1 requests)");
              assertThat(out.retryIn()).isEqualTo(Duration.ofMinutes(1));
            });
    time.advance(Duration.ofMinutes(1));
    assertThat(b.out(p)).isEmpty();
    assertThat(b.acquire(p).key()).isEqualTo(a); // the second of its two a day
    assertThat(b.out(p).orElseThrow().reason()).contains("daily_limit (2/2 requests)");
    assertThat(book(5).out(provider(null))).isEmpty(); // a keyless provider is never out
  }

  @Test
  void aKeysOwnLimitsOverrideItsProvidersAndAMinuteLimitEndsWithItsMinute() {
    ApiKey a = new ApiKey("a", List.of("K_A"), 1, new DeclaredLimits(null, 1, null));
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(new DeclaredLimits(1000, null, null), a, bKey);
    KeyBook b = book(5);
    while (!b.acquire(p).key().equals(a)) {
      // until a is counted once
    }
    for (int i = 0; i < 10; i++) {
      assertThat(b.acquire(p).key()).isEqualTo(bKey);
    }
    time.advance(Duration.ofSeconds(60));
    assertThat(b.status(p)).allSatisfy(s -> assertThat(s.out()).isNull());
  }

  @Test
  void headroomIsReadyLowOrOutAcrossAProvidersKeysAndDrawsNothing() {
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(null, a, bKey);
    KeyBook b =
        new KeyBook(
            env,
            time,
            wall,
            () -> {
              throw new AssertionError("headroom draws nothing at random");
            });
    assertThat(b.headroom(p)).isEqualTo(Headroom.READY);
    b.observed(p, a, new RateLimits(5L, null, 100L, null, Duration.ofSeconds(30), null));
    assertThat(b.headroom(p)).as("b still has room").isEqualTo(Headroom.READY);
    b.observed(p, bKey, new RateLimits(1L, null, 100L, null, Duration.ofSeconds(30), null));
    assertThat(b.headroom(p)).as("every key near exhaustion").isEqualTo(Headroom.LOW);
    b.observed(p, a, new RateLimits(0L, null, 100L, null, Duration.ofSeconds(30), null));
    b.observed(p, bKey, new RateLimits(0L, null, 100L, null, Duration.ofSeconds(10), null));
    assertThat(b.headroom(p)).isEqualTo(Headroom.OUT);
    time.advance(Duration.ofSeconds(10));
    assertThat(b.headroom(p)).as("b's window reset").isEqualTo(Headroom.READY);
    assertThat(
            b.headroom(Provider.of("open", "http://o.invalid/v1", Protocol.OPENAI_CHAT, List.of())))
        .as("a keyless provider")
        .isEqualTo(Headroom.READY);
  }

  @Test
  void aDeclaredDailyLimitIsSpreadOverItsDayAKeyAheadOfAnEvenPaceIsLow() {
    FakeTime t = new FakeTime();
    Clock morning = t.clock(Instant.parse("2026-03-01T06:00:00Z")); // a quarter of the day gone
    ApiKey a = key("a", "K_A", 1);
    ApiKey bKey = key("b", "K_B", 1);
    Provider p = provider(new DeclaredLimits(100, null, LocalTime.MIDNIGHT), a, bKey);
    KeyBook b = new KeyBook(env, t, morning, new Random(3)::nextDouble);
    Map<String, Integer> used = new HashMap<>();
    for (int i = 0; i < 40; i++) {
      used.merge(b.acquire(p).key().name(), 1, Integer::sum);
    }
    // An even pace allows a quarter of the day's 100: 25 per key. Past that a key is chosen only
    // after its peer; 40 requests leave one key with room.
    assertThat(b.headroom(p)).isEqualTo(Headroom.READY);
    for (int i = 0; i < 12; i++) {
      used.merge(b.acquire(p).key().name(), 1, Integer::sum);
    }
    assertThat(used.values()).as("spent evenly").allSatisfy(n -> assertThat(n).isBetween(25, 27));
    assertThat(b.headroom(p)).as("both keys at 25 of 100 at 06:00").isEqualTo(Headroom.LOW);
    assertThat(b.status(p)).allSatisfy(s -> assertThat(s.low()).isTrue());
    t.advance(Duration.ofHours(6)); // noon: half the day gone, 50 each allowed
    assertThat(b.headroom(p)).isEqualTo(Headroom.READY);
  }

  @Test
  void aKeyWithFewerTokensLeftThanARequestAsksIsOutForThatRequestOnly() {
    ApiKey a = key("a", "K_A", 1);
    Provider p = provider(null, a);
    KeyBook b = book(3);
    // OpenAI's headers: 1,500 of 10,000 tokens left, back in 30 s.
    b.observed(
        p, a, new RateLimits(499L, 1500L, 500L, 10_000L, null, Duration.ofSeconds(30), true));
    assertThat(b.out(p, 6_000))
        .get()
        .satisfies(
            c -> {
              assertThat(c.reason()).contains("tokens_short (1500 left, about 6000 asked)");
              assertThat(c.retryIn()).isEqualTo(Duration.ofSeconds(30));
              assertThat(c.refused()).isFalse();
            });
    assertThat(b.acquire(p, 6_000).sendable()).isFalse();
    assertThat(b.out(p, 1_000)).isEmpty();
    assertThat(b.out(p)).isEmpty();
    time.advance(Duration.ofSeconds(31));
    assertThat(b.out(p, 6_000)).isEmpty();
  }

  @Test
  void tokensLeftThatDoNotCountTheWholeRequestHoldNoRequestOut() {
    // Anthropic's tokens-* headers give the most restrictive of its input and output limits.
    ApiKey a = key("a", "K_A", 1);
    Provider p = provider(null, a);
    KeyBook b = book(3);
    b.observed(p, a, new RateLimits(49L, 1000L, 50L, 8_000L, null, Duration.ofSeconds(30)));
    assertThat(b.out(p, 6_000)).isEmpty();
  }
}
