package dev.orchestrator.engine.otel;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.UnknownModelException;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Optional OpenTelemetry spans for the orchestrator, through the API artifact only (the application
 * brings the SDK): one {@code orchestrator.chat} span per request — a request refused before any
 * plan too, such as one for an unknown model ({@code error.type} {@code model_not_found}) — and one
 * child span per attempt. Spans never carry prompts, outputs or keys.
 *
 * <p>Each attempt is a model call, so its span follows the OpenTelemetry GenAI semantic conventions
 * that Spring AI and LangChain4j also emit: named {@code chat <model>} (the route's upstream model
 * id), kind {@code CLIENT}, with {@code gen_ai.operation.name} ({@code chat}), {@code
 * gen_ai.provider.name} and {@code gen_ai.request.model} of the route, {@code
 * http.response.status_code}, and on failure {@code error.type} (the failure category) and an error
 * status; beside them the orchestrator's own {@code orchestrator.route}, {@code
 * orchestrator.attempt} and {@code orchestrator.decision}. The request's span carries {@code
 * gen_ai.request.model} (the model asked for, e.g. {@code orchestrator/free}) and, once answered,
 * {@code gen_ai.provider.name} and {@code gen_ai.response.model} of the serving route, {@code
 * gen_ai.usage.input_tokens} and {@code gen_ai.usage.output_tokens} (when the upstream reported
 * usage: never made-up zeros) and {@code gen_ai.response.finish_reasons}.
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
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
  static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  static final AttributeKey<String> RESPONSE_MODEL =
      AttributeKey.stringKey("gen_ai.response.model");
  static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
  static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.output_tokens");
  static final AttributeKey<List<String>> FINISH_REASONS =
      AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");

  private final Tracer tracer;
  private final ThreadLocal<Request> request = new ThreadLocal<>();

  /** The request's span and the routes its plan may attempt, by id. */
  private record Request(Span span, Map<String, Route> routes) {}

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
            .setAttribute(POOL, plan.pool().planName())
            .setAttribute(OPERATION, "chat")
            .setAttribute(REQUEST_MODEL, plan.model())
            .startSpan();
    // The standby list holds every candidate and the routes panic mode may try besides them.
    Map<String, Route> routes = new HashMap<>();
    for (Candidate c : plan.standby()) {
      routes.put(c.route().id(), c.route());
    }
    request.set(new Request(s, routes));
  }

  @Override
  public void onAttempt(String model, AttemptRecord a) {
    Request r = request.get();
    Route route = r == null ? null : r.routes().get(a.route());
    String upstreamModel = route == null ? a.route() : route.model();
    Instant end = Instant.now();
    Instant start = end.minus(a.latency());
    Span s =
        tracer
            .spanBuilder("chat " + upstreamModel)
            .setSpanKind(SpanKind.CLIENT)
            .setParent(r == null ? Context.current() : Context.current().with(r.span()))
            .setStartTimestamp(
                start.toEpochMilli() * 1000 + start.getNano() % 1_000_000 / 1000,
                TimeUnit.MICROSECONDS)
            .setAttribute(OPERATION, "chat")
            .setAttribute(REQUEST_MODEL, upstreamModel)
            .setAttribute(ROUTE, a.route())
            .setAttribute(ATTEMPT, (long) a.attempt())
            .setAttribute(DECISION, a.decision().wireName())
            .startSpan();
    if (route != null) {
      s.setAttribute(PROVIDER, route.provider());
    }
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
    Request r = request.get();
    request.remove();
    if (r == null) {
      return;
    }
    Span s = r.span();
    s.setAttribute(ROUTE, result.route());
    Route route = r.routes().get(result.route());
    if (route != null) {
      s.setAttribute(PROVIDER, route.provider());
      s.setAttribute(RESPONSE_MODEL, route.model());
    }
    ChatResponse response = result.response();
    // An answer whose upstream reported no counts ("usage": {} reads as zeros) has none to give.
    if (response.usage() != null && !response.usage().isNone()) {
      s.setAttribute(INPUT_TOKENS, (long) response.usage().promptTokens());
      s.setAttribute(OUTPUT_TOKENS, (long) response.usage().completionTokens());
    }
    if (response.finishReason() != null) {
      s.setAttribute(FINISH_REASONS, List.of(response.finishReason()));
    }
    s.end();
  }

  @Override
  public void onFailure(OrchestratorException error) {
    Request r = request.get();
    request.remove();
    // A request refused before any plan (an unknown model) is a request all the same: its span
    // opens and ends here.
    Span s = r != null ? r.span() : refusedSpan(error);
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

  /** The span of a request that ended before its plan, with the model it named when known. */
  private Span refusedSpan(OrchestratorException error) {
    SpanBuilder b =
        tracer
            .spanBuilder("orchestrator.chat")
            .setSpanKind(SpanKind.INTERNAL)
            .setAttribute(OPERATION, "chat");
    if (error.getCause() instanceof UnknownModelException u) {
      String model = UnknownModelException.shown(u.model()); // a request may name megabytes
      b.setAttribute(MODEL, model).setAttribute(REQUEST_MODEL, model);
    }
    return b.startSpan();
  }
}
