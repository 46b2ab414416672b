package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.budget.BudgetGate;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.front.DroppedHeader;
import dev.orchestrator.serve.front.ErrorMapper;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.Responses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The Anthropic Messages front (docs/reference.md §7): {@code POST /v1/messages} parsed into the
 * engine's request with the caller's body kept for Anthropic routes, run on the shared {@link
 * Dispatch} path, and answered as one {@code message} or as Anthropic's event stream; {@code POST
 * /v1/messages/count_tokens} estimates the input tokens. Errors leave in the Messages shape ({@link
 * #render}). Thread-safe: one instance serves every request.
 */
public final class MessagesEndpoint {
  /** The header naming the fields a route of another protocol did not receive. */
  static final String DROPPED = DroppedHeader.NAME;

  private final Dispatch dispatch;

  /** The endpoint running requests on {@code dispatch}. */
  public MessagesEndpoint(Dispatch dispatch) {
    this.dispatch = dispatch;
  }

  /**
   * Answers {@code POST /v1/messages} for {@code client}, filling in {@code entry}.
   *
   * @throws ApiError when the request fails before an event stream has started (render it with
   *     {@link #render})
   */
  public void messages(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    MessagesParser.Parsed parsed = parse(ex, entry, false);
    ChatRequest request = parsed.request();
    if (request.stream()) {
      MessagesStream stream =
          new MessagesStream(ex, new Cancellation(), dispatch::protocolOf, parsed.dropped());
      try {
        dispatch.stream(ex, entry, client, request, stream);
      } catch (ApiError e) {
        throw parsed.names().rename(e);
      }
      return;
    }
    ChatResult r;
    try {
      r = dispatch.complete(ex, entry, client, request);
    } catch (ApiError e) {
      throw parsed.names().rename(e);
    }
    Map<String, String> headers = Dispatch.answerHeaders(r);
    boolean anthropic = dispatch.protocolOf(r.route()) == Protocol.ANTHROPIC_MESSAGES;
    ObjectNode message = MessagesAnswer.message(r.route(), r.response(), anthropic);
    List<String> dropped = new ArrayList<>(r.trace().dropped());
    dropped.addAll(MessagesAnswer.unsaid(message, r.response()));
    if (!dropped.isEmpty()) {
      headers.put(DROPPED, DroppedHeader.value(dropped));
    }
    byte[] json = Responses.bytes(message);
    Responses.send(ex, entry, 200, json, headers);
  }

  /**
   * Answers {@code POST /v1/messages/count_tokens}: {@code {"input_tokens": N}} as the provider of
   * the first route the request would be sent to counts it, when that provider has a counting
   * endpoint (Anthropic); else the engine's estimate, with header {@code x-orchestrator-estimate:
   * true}. No chat request is sent. The model must be one {@code client} may use, as for {@code
   * POST /v1/messages}; counting spends no budget, so the budget is not checked.
   *
   * @throws ApiError {@code 403} for a model outside the client's allow-list, {@code 404} for an
   *     unknown model, {@code 400} for a malformed body
   */
  public void countTokens(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    ChatRequest request = parse(ex, entry, true).request();
    BudgetGate.allow(client, request);
    Map<String, String> headers = new LinkedHashMap<>();
    OptionalInt exact = OptionalInt.empty();
    TaskOrchestrator o = dispatch.orchestrator();
    try {
      List<Candidate> candidates = o.plan(request).candidates();
      if (!candidates.isEmpty()) {
        Route route = candidates.get(0).route();
        Provider provider = o.catalog().provider(route.provider()).orElse(null);
        if (provider != null) {
          ProviderCall call =
              ProviderCall.of(
                      provider,
                      route,
                      request,
                      AttemptLimits.uniform(o.policy().timeouts().attempt()))
                  .withListener(delta -> {});
          exact = o.providers().clientFor(provider).countTokens(call);
          if (exact.isPresent()) {
            headers.put("x-orchestrator-route", route.id());
          }
        }
      }
    } catch (UnknownModelException e) {
      throw ErrorMapper.unknownModel(e, client, request);
    }
    if (exact.isEmpty()) {
      headers.put("x-orchestrator-estimate", "true");
    }
    ObjectNode out = Json.MAPPER.createObjectNode();
    out.put("input_tokens", exact.orElse(request.estimatedPromptTokens()));
    Responses.send(ex, entry, 200, Responses.bytes(out), headers);
  }

  /** {@code e} in the Messages error shape, with Anthropic's status for it. */
  public static ApiError render(ApiError e) {
    return MessagesErrors.render(e);
  }

  private MessagesParser.Parsed parse(HttpCall ex, AccessLog.Entry entry, boolean countOnly) {
    byte[] body = dispatch.readBody(ex, entry);
    MessagesParser.Parsed parsed =
        MessagesParser.parse(body, MessagesParser.protocolHeaders(ex::header), countOnly);
    entry.model = parsed.request().model();
    return parsed;
  }
}
