package dev.orchestrator.engine.otel;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.plan.Plan;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Optional OpenTelemetry spans for the orchestrator, through the API artifact only (the application
 * brings the SDK): one {@code orchestrator.chat} span per request and one child {@code
 * orchestrator.attempt} span per attempt, carrying {@code http.response.status_code} and an error
 * status for any upstream non-2xx or failure. Spans never carry prompts, outputs or keys.
 *
 * <p>Register with {@code TaskOrchestrator.builder().listener(new
 * OpenTelemetryListener(openTelemetry.getTracer("orchestrator")))}. Thread-safe: a request's events
 * all arrive on its own thread.
 */
public final class OpenTelemetryListener implements OrchestratorListener {
  static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<String> ROUTE = AttributeKey.stringKey("orchestrator.route");
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("orchestrator.attempt");
  static final AttributeKey<String> DECISION = AttributeKey.stringKey("orchestrator.decision");
  static final AttributeKey<String> CATEGORY =
      AttributeKey.stringKey("orchestrator.failure.category");
  static final AttributeKey<String> MODEL = AttributeKey.stringKey("orchestrator.model");
  static final AttributeKey<String> POOL = AttributeKey.stringKey("orchestrator.pool");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  private final Tracer tracer;
  private final ThreadLocal<Span> request = new ThreadLocal<>();

  /** Spans from {@code tracer}. */
  public OpenTelemetryListener(Tracer tracer) {
    this.tracer = Objects.requireNonNull(tracer, "tracer");
  }

  @Override
  public void onPlan(Plan plan) {
    Span s =
        tracer
            .spanBuilder("orchestrator.chat")
            .setSpanKind(SpanKind.INTERNAL)
            .setAttribute(MODEL, plan.model())
            .setAttribute(POOL, plan.pool().wireName())
            .startSpan();
    request.set(s);
  }

  @Override
  public void onAttempt(String model, AttemptRecord a) {
    Span parent = request.get();
    Instant end = Instant.now();
    Instant start = end.minus(a.latency());
    Span s =
        tracer
            .spanBuilder("orchestrator.attempt")
            .setSpanKind(SpanKind.CLIENT)
            .setParent(parent == null ? Context.current() : Context.current().with(parent))
            .setStartTimestamp(
                start.toEpochMilli() * 1000 + start.getNano() % 1_000_000 / 1000,
                TimeUnit.MICROSECONDS)
            .setAttribute(ROUTE, a.route())
            .setAttribute(ATTEMPT, (long) a.attempt())
            .setAttribute(DECISION, a.decision().wireName())
            .startSpan();
    if (a.status() != null) {
      s.setAttribute(HTTP_STATUS, (long) a.status());
    }
    boolean failed =
        a.category() != null || (a.status() != null && (a.status() < 200 || a.status() > 299));
    if (failed) {
      if (a.category() != null) {
        s.setAttribute(CATEGORY, a.category().wireName());
        s.setAttribute(ERROR_TYPE, a.category().wireName());
      }
      s.setStatus(
          StatusCode.ERROR, a.category() == null ? "upstream non-2xx" : a.category().wireName());
    }
    s.end(end);
  }

  @Override
  public void onSuccess(ChatResult result) {
    Span s = request.get();
    request.remove();
    if (s != null) {
      s.setAttribute(ROUTE, result.route());
      s.end();
    }
  }

  @Override
  public void onFailure(OrchestratorException error) {
    Span s = request.get();
    request.remove();
    if (s != null) {
      // A foreign exit (a bug) is named by its exception class, as OpenTelemetry's error.type asks.
      boolean foreign =
          error.type() == OrchestratorException.Type.INTERNAL_ERROR && error.getCause() != null;
      String type = foreign ? error.getCause().getClass().getName() : error.type().wireName();
      s.setAttribute(ERROR_TYPE, type);
      if (error.status() != null) {
        s.setAttribute(HTTP_STATUS, (long) error.status());
      }
      s.setStatus(StatusCode.ERROR, error.type().wireName());
      s.end();
    }
  }
}
