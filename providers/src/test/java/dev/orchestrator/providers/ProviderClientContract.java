package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ProviderClient} must do, against the scripted upstream on loopback: answer,
 * type a 5xx, type a timeout, and stream deltas in order. Extend it, passing the protocol the
 * client speaks and the client.
 */
public abstract class ProviderClientContract {
  /**
   * Generous limits for the calls that are answered: a healthy exchange ends as soon as its answer
   * is in, so a limit only ever decides one that fails, and a loaded machine never makes an answer
   * a timeout.
   */
  protected static final AttemptLimits LIMITS = AttemptLimits.uniform(Duration.ofSeconds(30));

  /**
   * {@link #LIMITS} with a 300 ms headers timeout: the one limit a silent upstream can meet, so no
   * contract test waits longer for its verdict.
   */
  protected static final AttemptLimits HEADERS_LIMITS =
      new AttemptLimits(
          LIMITS.connectTimeout(),
          Duration.ofMillis(300),
          LIMITS.firstTokenTimeout(),
          LIMITS.idleTimeout(),
          LIMITS.total());

  /** The scripted upstream of the current test. */
  protected ScriptedUpstream upstream;

  private final Protocol protocol;
  private final ProviderClient client;

  /**
   * @param protocol the protocol the client under test speaks
   * @param client the client under test; it must read keys from {@link Fixtures#KEY_ENV}
   */
  protected ProviderClientContract(Protocol protocol, ProviderClient client) {
    this.protocol = protocol;
    this.client = client;
  }

  @BeforeEach
  void startUpstream() {
    upstream =
        ScriptedUpstream.start(
            Map.of(
                "c/hello", List.of(Step.ok("hello world, nice to meet you")),
                "c/down", List.of(Step.answer(503, "{\"error\":{\"message\":\"try later\"}}")),
                "c/silent", List.of(Step.fault(Fault.NO_RESPONSE))));
  }

  @AfterEach
  void stopUpstream() {
    upstream.close();
  }

  private AttemptOutcome send(String model, boolean stream, Fixtures.Recorder listener) {
    return send(model, stream, listener, LIMITS);
  }

  private AttemptOutcome send(
      String model, boolean stream, Fixtures.Recorder listener, AttemptLimits limits) {
    Provider p = Fixtures.provider("c", upstream.baseUrl("c"), protocol);
    return client.send(Fixtures.call(p, model, stream, limits, listener));
  }

  @Test
  void answersWithTheUpstreamContent() {
    AttemptOutcome out = send("hello", false, null);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).response().content())
        .isEqualTo("hello world, nice to meet you");
    assertThat(upstream.calls()).containsExactly("c/hello");
  }

  @Test
  void typesAServerErrorAsRetryable() {
    AttemptOutcome out = send("down", false, null);

    ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
    assertThat(f.status()).isEqualTo(503);
    assertThat(f.category()).isEqualTo(FailureCategory.SERVER_ERROR);
    assertThat(f.retryable()).isTrue();
  }

  @Test
  void typesASilentUpstreamAsAReadTimeout() {
    AttemptOutcome out = send("silent", false, null, HEADERS_LIMITS);

    AttemptOutcome.Failed failed = (AttemptOutcome.Failed) out;
    assertThat(failed.failure().transportFault()).isEqualTo(TransportFault.READ_TIMEOUT);
    assertThat(failed.failure().category()).isEqualTo(FailureCategory.TIMEOUT);
    assertThat(failed.failure().retryable()).isTrue();
    // Ended by the headers timeout, the only limit that short: the upstream never answers.
    assertThat(failed.failure().message()).endsWith("no response within 300 ms");
    assertThat(failed.failure().status()).isNull();
    assertThat(failed.visibleOutput()).isFalse();
  }

  @Test
  void streamsDeltasInOrder() {
    Fixtures.Recorder listener = new Fixtures.Recorder();
    AttemptOutcome out = send("hello", true, listener);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(listener.deltas)
        .containsExactly("hello ", "world, ", "nice ", "to ", "meet ", "you");
    assertThat(((AttemptOutcome.Succeeded) out).response().content()).isEqualTo(listener.text());
  }
}
