package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an upstream error says, read from the body shapes providers actually send. Built only by
 * {@link #read}, which never throws: garbage yields an error with no fields.
 *
 * <p>Shapes read: OpenAI ({@code error.type/code/message}); Anthropic ({@code type: error}, {@code
 * error.type}, top-level {@code request_id}); Google ({@code error.status}, {@code error.code},
 * {@code details[]} with {@code RetryInfo.retryDelay}, {@code QuotaFailure}, {@code
 * ErrorInfo.reason}, also wrapped in a one-element array); OpenRouter ({@code error.code} carrying
 * the HTTP status, {@code error.metadata.raw}, {@code provider_name}); Mistral and vLLM ({@code
 * object: error}, {@code type}, {@code code}, {@code raw_status_code}); NVIDIA NIM problem+json
 * ({@code type}, {@code title}, {@code detail}, {@code status}); Together ({@code type_}); TGI
 * ({@code error} string, {@code error_type}); AWS ({@code __type}, {@code message}/{@code
 * Message}); FastAPI ({@code detail}); LiteLLM and Python SDK wrappers ({@code
 * litellm.RateLimitError: …}, {@code Error code: 429}); SSE framing ({@code event: error} / {@code
 * data: …}); HTML pages (the {@code <title>}); plain text. Bedrock's event-stream exception members
 * ({@code {"throttlingException": {"message": …}}}); xAI's {@code {"code", "error"}}; OpenRouter's
 * moderation metadata ({@code reasons}, {@code flagged_input}).
 *
 * <p>An upstream error wrapped in a gateway's message — double-encoded JSON, a Python dict or bytes
 * repr ({@code b'{…}'}) inside LiteLLM's message, Bedrock's {@code ':exception-type'} header
 * printed by an SDK — contributes its {@code type}/{@code code}/{@code status} values as tokens and
 * its numeric code as a carried status, so it is classified by the inner error.
 *
 * <p>A 2xx answer is read for a block outcome ({@link #blockReason}): OpenAI/Azure {@code
 * finish_reason: content_filter}, Anthropic {@code stop_reason: refusal}, Gemini {@code
 * promptFeedback.blockReason} and candidate {@code finishReason} SAFETY and its kin, Bedrock {@code
 * stopReason: guardrail_intervened}.
 *
 * @param message the upstream's own message, uncleaned, or {@code null}
 * @param type the provider's error type, uncleaned, or {@code null}
 * @param code the provider's error code as text, uncleaned, or {@code null}
 * @param carriedStatus an HTTP status the body itself carries (OpenRouter and Google {@code
 *     error.code}, NIM {@code status}, Mistral {@code raw_status_code}), or {@code null}
 * @param tokens lower-case type/code/status/reason identifiers, most specific first
 * @param wordingFound which phrase sets of {@link FailureRules#WORDING} occur in the wording (the
 *     lower-cased message, type, code, tokens and other texts the rules read)
 * @param wordingParts the wording's texts as they came, before lower-casing ({@link #wordingText})
 * @param requestId a request id found in the body, or {@code null}
 * @param retryDelay Google's {@code RetryInfo.retryDelay}, or {@code null}
 * @param quotaFailure whether a Google {@code QuotaFailure} detail is present
 * @param errorShape whether the body is recognisably an error (as opposed to a 2xx answer)
 * @param blockReason the block outcome a 2xx answer reports, or {@code null}
 */
record UpstreamError(
    String message,
    String type,
    String code,
    Integer carriedStatus,
    List<String> tokens,
    long wordingFound,
    List<String> wordingParts,
    String requestId,
    Duration retryDelay,
    boolean quotaFailure,
    boolean errorShape,
    String blockReason) {

  // Real error bodies are a few levels deep; the limits make hostile input cheap to reject.
  private static final ObjectMapper JSON =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNestingDepth(64)
                          .maxStringLength(Text.MAX_READ_CHARS)
                          .maxNumberLength(64)
                          .maxNameLength(1024)
                          .build())
                  .build())
          .build();

  private static final Pattern HTML =
      Pattern.compile("(?i)<(?:!doctype|html|head|body|div|title|h1|p)[\\s>]");
  private static final Pattern HTML_TITLE =
      Pattern.compile("(?is)<title[^>]{0,200}>([^<]{0,500})</title>");
  private static final Pattern SDK_CLASS =
      Pattern.compile("(?i)\\b(?:litellm|openai|anthropic)\\.(?:exceptions\\.)?([a-z]{3,60})\\b");
  private static final Pattern SDK_STATUS =
      Pattern.compile("(?i)\\berror code:?\\s*([1-5]\\d\\d)\\b");
  // "type": "x", 'code': 'x', \"__type\": \"x\", ':exception-type': 'x' inside a wrapped message
  private static final Pattern INNER_TOKEN =
      Pattern.compile(
          "\\\\?[\"'](?:__type|type|code|status|error_type|:exception-type)\\\\?[\"']\\s*:\\s*"
              + "\\\\?[\"']([A-Za-z0-9][A-Za-z0-9_.#\\-]{0,79})\\\\?[\"']");
  // "code": 400, 'status_code': 400, \"code\": \"429\"
  private static final Pattern INNER_STATUS =
      Pattern.compile(
          "\\\\?[\"'](?:code|status|status_code)\\\\?[\"']\\s*:\\s*\\\\?[\"']?([1-5]\\d\\d)(?![\\d.])");
  private static final int MAX_INNER_TOKENS = 8;
  // the keys INNER_TOKEN and INNER_STATUS can start with, after the quote (a prefix suffices)
  private static final String[] INNER_KEYS = {
    "type", "__type", "error_type", ":exception-type", "code", "status"
  };

  // Gemini finishReason values that mean the candidate was withheld
  // (https://ai.google.dev/api/generate-content#FinishReason)
  private static final Set<String> GEMINI_BLOCKED =
      Set.of(
          "SAFETY",
          "RECITATION",
          "BLOCKLIST",
          "PROHIBITED_CONTENT",
          "SPII",
          "IMAGE_SAFETY",
          "IMAGE_PROHIBITED_CONTENT",
          "IMAGE_RECITATION");

  private static final Pattern MESSAGE_REQUEST_ID =
      Pattern.compile(
          "(?i)\\brequest[ _-]?id:?\\s*\\(?((?=[A-Za-z0-9_\\-]*\\d)[A-Za-z0-9][A-Za-z0-9_\\-]{5,99})");

  /**
   * The wording as one lower-case text, a line feed after each part, for the rules' one pattern
   * ({@link FailureRules#MODEL_GONE_WORDING}); built on each call, which only that rule makes.
   */
  String wordingText() {
    StringBuilder b = new StringBuilder();
    for (String part : wordingParts) {
      b.append(part.toLowerCase(Locale.ROOT)).append('\n');
    }
    return b.toString();
  }

  /**
   * Reads {@code body}, plus text from elsewhere (an exception message, a header error type).
   * {@code plainBody} says whether every char of {@code body} is printable ASCII, a line feed or a
   * tab (a JSON body then takes {@link PlainJson}'s path).
   */
  static UpstreamError read(
      String body, boolean plainBody, String otherText, String amznErrorType) {
    Acc a = new Acc();
    String payload = sseData(body == null ? "" : Text.head(body, Text.MAX_READ_CHARS));
    // the SSE data lines are substrings of the body and line feeds: as plain as the body
    JsonNode root = parseJson(payload, plainBody);
    if (root != null && root.isArray()) {
      root = firstObject(root);
    }
    if (root != null && root.isObject()) {
      readObject(root, a);
    } else if (!payload.isBlank()) {
      readText(payload, a);
    }
    if (!Text.isBlank(amznErrorType)) {
      // Bedrock: "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/"
      String t = amznErrorType.trim();
      t = t.indexOf(':') > 0 ? t.substring(0, t.indexOf(':')) : t;
      a.type(t);
      a.token(t);
      a.errorShape = true;
    }
    if (!Text.isBlank(otherText)) {
      a.sdkClues(otherText, a.words(otherText));
      if (a.message == null && !a.errorShape) {
        a.message = otherText;
      }
    }
    return a.build();
  }

  // An SSE error event ("event: error\ndata: {...}") carries its JSON in the data lines.
  private static String sseData(String text) {
    String t = text.stripLeading();
    if (!(t.startsWith("data:") || t.startsWith("event:"))) {
      return text;
    }
    StringBuilder data = new StringBuilder();
    for (String line : t.split("\r?\n")) {
      if (line.startsWith("data:")) {
        data.append(line.substring(5).trim()).append('\n');
      }
    }
    return data.toString();
  }

  private static JsonNode parseJson(String payload, boolean plain) {
    String t = payload.strip();
    if (!(t.startsWith("{") || t.startsWith("["))) {
      return null;
    }
    JsonNode fast = PlainJson.read(t, plain);
    return fast != null ? fast : jackson(t);
  }

  /** Jackson's tree of {@code t} with the body constraints, or {@code null} if it is not JSON. */
  static JsonNode jackson(String t) {
    try {
      return JSON.readTree(t);
    } catch (IOException | RuntimeException e) {
      // not JSON after all, too deep, too long: read it as text
      return null;
    }
  }

  private static JsonNode firstObject(JsonNode array) {
    for (JsonNode n : array) {
      if (n.isObject()) {
        return n;
      }
    }
    return null;
  }

  private static void readObject(JsonNode root, Acc a) {
    JsonNode err = root.get("error");
    if (err != null && err.isObject()) {
      a.errorShape = true;
      readErrorObject(err, a);
    } else if (err != null && err.isTextual()) {
      // TGI / Ollama / plain gateways: {"error": "Model is overloaded", "error_type": …};
      // xAI: {"code": "Client specified an invalid argument", "error": "Incorrect API key…"}
      a.errorShape = true;
      a.message(err.asText());
      a.code(root.get("code"));
    } else if (root.size() == 1) {
      bedrockStreamException(root, a);
    }
    if (!a.errorShape) {
      a.blockReason = blockReason(root);
    }
    String rootType = text(root, "type");
    boolean envelope = "error".equals(rootType) || "error".equals(text(root, "object"));
    boolean problem = root.has("title") && root.has("status"); // RFC 9457 problem+json (NIM)
    boolean bare =
        (text(root, "message") != null || root.has("detail") || text(root, "Message") != null)
            && !root.has("choices")
            && !root.has("content")
            && !root.has("candidates");
    if (envelope || problem || bare) {
      a.errorShape = true;
      a.message(text(root, "message"));
      a.message(text(root, "detail"));
      a.message(text(root, "Message"));
      a.message(text(root, "title"));
      a.message(json(root, "detail"));
      a.message(json(root, "message"));
      if (!"error".equals(rootType) && !"about:blank".equals(rootType)) {
        a.type(rootType);
      }
      a.code(root.get("code"));
      a.status(root.get("status"));
      a.status(root.get("raw_status_code"));
    }
    if (a.errorShape) {
      for (String field : new String[] {"type_", "__type", "error_type"}) {
        String t = text(root, field);
        if (t != null) {
          // AWS JSON: "com.amazon.coral.service#ThrottlingException"
          t = t.substring(t.lastIndexOf('#') + 1);
          a.type(t);
          a.token(t);
        }
      }
      a.words(text(root, "title"));
      a.words(text(root, "detail"));
    }
    a.requestId(text(root, "request_id"));
    a.requestId(text(root, "requestId"));
  }

  // Bedrock ConverseStream/InvokeModelWithResponseStream: an exception is a union member of the
  // stream output, {"throttlingException": {"message": "…"}}
  // (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html)
  private static void bedrockStreamException(JsonNode root, Acc a) {
    String name = root.fieldNames().next();
    JsonNode v = root.get(name);
    if (name.length() > "Exception".length()
        && name.regionMatches(true, name.length() - 9, "Exception", 0, 9)
        && v.isObject()) {
      a.errorShape = true;
      a.type(name);
      a.message(text(v, "message"));
    }
  }

  private static String blockReason(JsonNode root) {
    for (JsonNode choice : root.path("choices")) {
      if ("content_filter".equals(text(choice, "finish_reason"))) {
        return "content_filter";
      }
    }
    String finish = text(root, "finish_reason"); // the stream assembler's terminal evidence
    if ("content_filter".equals(finish) || "refusal".equals(finish)) {
      return finish;
    }
    if ("refusal".equals(text(root, "stop_reason"))) { // Anthropic Messages
      return "refusal";
    }
    String stop = text(root, "stopReason"); // Bedrock Converse
    if ("guardrail_intervened".equals(stop) || "content_filtered".equals(stop)) {
      return stop;
    }
    String prompt = text(root.path("promptFeedback"), "blockReason"); // Gemini
    if (prompt != null && !prompt.endsWith("_UNSPECIFIED")) {
      return prompt;
    }
    for (JsonNode candidate : root.path("candidates")) {
      String reason = text(candidate, "finishReason");
      if (reason != null && GEMINI_BLOCKED.contains(reason)) {
        return reason;
      }
    }
    return null;
  }

  private static void readErrorObject(JsonNode err, Acc a) {
    a.message(text(err, "message"));
    a.message(text(err, "msg"));
    a.message(text(err, "detail"));
    a.message(json(err, "message"));
    a.type(text(err, "type"));
    a.code(err.get("code"));
    JsonNode status = err.get("status");
    if (status != null && status.isTextual()) {
      // Google: "RESOURCE_EXHAUSTED", "INVALID_ARGUMENT"…
      a.token(status.asText());
      a.type(status.asText());
    } else {
      a.status(status);
    }
    for (JsonNode d : err.path("details")) {
      String at = Text.lower(text(d, "@type"));
      if (at.endsWith("google.rpc.retryinfo")) {
        a.retryDelay = RetryAfter.protoDuration(text(d, "retryDelay"));
      } else if (at.endsWith("google.rpc.quotafailure")) {
        a.quotaFailure = true;
      } else if (at.endsWith("google.rpc.errorinfo")) {
        a.token(text(d, "reason"));
      }
    }
    JsonNode metadata = err.path("metadata");
    JsonNode raw = metadata.get("raw");
    if (raw != null && !raw.isNull()) {
      // OpenRouter: the routed provider's own error, often JSON in a string
      String rawText = raw.isTextual() ? raw.asText() : raw.toString();
      a.words(rawText);
      JsonNode inner = parseJson(Text.head(rawText, Text.MAX_READ_CHARS), false);
      if (inner != null && inner.isObject()) {
        JsonNode innerErr = inner.path("error");
        String innerMessage = innerErr.isTextual() ? innerErr.asText() : text(innerErr, "message");
        a.rawMessage = innerMessage != null ? innerMessage : text(inner, "message");
        a.token(text(innerErr, "code"));
        a.token(text(innerErr, "type"));
      } else {
        a.rawMessage = rawText;
      }
    }
    a.providerName = text(metadata, "provider_name");
    if (metadata.has("flagged_input") || metadata.path("reasons").isArray()) {
      // OpenRouter moderation (https://openrouter.ai/docs/api-reference/errors): a content block
      a.token("moderation_flagged");
    }
    a.requestId(text(err, "request_id"));
    a.requestId(text(err, "id"));
  }

  private static void readText(String payload, Acc a) {
    String head = Text.head(payload, 1024);
    long found;
    if (head.indexOf('<') >= 0 && HTML.matcher(head).find()) {
      // only the clues are looked for in the page's markup: by contains, cheaper than a scan
      found =
          PhraseScanner.containing(
              Text.lower(Text.head(payload, Text.MAX_READ_CHARS)),
              FailureRules.SDK_VENDOR_DOT,
              FailureRules.SDK_ERROR_CODE,
              FailureRules.HTML_TITLE_TAG);
      Matcher title = FailureRules.HTML_TITLE_TAG.in(found) ? HTML_TITLE.matcher(payload) : null;
      String visible = withoutTags(payload);
      a.message(title != null && title.find() ? title.group(1) : firstLine(visible));
      a.words(visible);
    } else {
      a.message(payload);
      found = a.words(payload);
    }
    a.sdkClues(payload, found);
  }

  // HTML_TAG.matcher(s).replaceAll(" "), by hand: at each '<', the tag ends at the first '>'
  // within 4096 chars unless another '<' comes first; an unclosed '<' stays. Both found by
  // indexOf (vectorised), not char by char.
  static String withoutTags(String s) {
    int lt = s.indexOf('<');
    if (lt < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    int copied = 0;
    int gt = s.indexOf('>', lt + 1);
    while (lt >= 0) {
      int nextLt = s.indexOf('<', lt + 1);
      while (gt >= 0 && gt < lt) {
        gt = s.indexOf('>', gt + 1);
      }
      // the tag is closed by the first '>' within MAX_TAG_CHARS + 1 chars, before another '<'
      if (gt >= 0 && gt <= lt + MAX_TAG_CHARS + 1 && (nextLt < 0 || gt < nextLt)) {
        b.append(s, copied, lt).append(' ');
        copied = gt + 1;
      }
      lt = nextLt; // after a tag, the first '<' past it
    }
    return b.append(s, copied, s.length()).toString();
  }

  private static final int MAX_TAG_CHARS = 4096;

  private static String firstLine(String s) {
    // s.split("\n"): the first line that is not blank
    int from = 0;
    while (from < s.length()) {
      int nl = s.indexOf('\n', from);
      int to = nl < 0 ? s.length() : nl;
      String line = s.substring(from, to);
      if (!line.isBlank()) {
        return line;
      }
      from = to + 1;
    }
    return null;
  }

  // Some gateways put the upstream's whole JSON error document into error.message.
  private static String unwrapped(String message) {
    if (message == null || !message.strip().startsWith("{")) {
      return message;
    }
    JsonNode inner = parseJson(message, false);
    JsonNode err = inner == null ? null : inner.path("error");
    String innerMessage =
        err == null ? null : err.isTextual() ? err.asText() : text(err, "message");
    return innerMessage != null ? innerMessage : message;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node == null ? null : node.get(field);
    return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
  }

  private static String json(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isContainerNode() && !v.isEmpty() ? v.toString() : null;
  }

  /** Collects fields while reading; the first value found for each wins. */
  private static final class Acc {
    String message;
    String rawMessage;
    String providerName;
    String type;
    String code;
    Integer carriedStatus;
    final List<String> tokens = new ArrayList<>();
    // the wording's parts as they came, their length once lower-cased (plus a line feed each),
    // and the phrase sets they hold
    final List<String> wordingParts = new ArrayList<>();
    int wordingLength;
    long wordingFound;
    String requestId;
    Duration retryDelay;
    boolean quotaFailure;
    boolean errorShape;
    String blockReason;
    private int innerTokens;

    void message(String m) {
      if (message == null && !Text.isBlank(m)) {
        message = m;
      }
    }

    void type(String t) {
      if (type == null && !Text.isBlank(t)) {
        type = t;
        token(t);
      }
    }

    void code(JsonNode c) {
      if (c == null || c.isNull()) {
        return;
      }
      if (c.isIntegralNumber() || c.isTextual()) {
        status(c); // OpenRouter/Google 429, LiteLLM "429"
      }
      String text = c.isValueNode() ? c.asText() : null;
      if (code == null && !Text.isBlank(text)) {
        code = text;
        if (!c.isNumber()) {
          token(text);
        }
      }
    }

    void status(JsonNode s) {
      if (s != null && s.isIntegralNumber() && carriedStatus == null) {
        int v = s.asInt();
        if (v >= 100 && v <= 599) {
          carriedStatus = v;
        }
      } else if (s != null && s.isTextual() && carriedStatus == null) {
        String t = s.asText().trim();
        if (isStatusText(t)) {
          carriedStatus = Integer.valueOf(t);
        }
      }
    }

    // t.matches("[1-5]\\d\\d") without compiling the pattern per call: \d is ASCII digits only
    private static boolean isStatusText(String t) {
      return t.length() == 3
          && t.charAt(0) >= '1'
          && t.charAt(0) <= '5'
          && t.charAt(1) >= '0'
          && t.charAt(1) <= '9'
          && t.charAt(2) >= '0'
          && t.charAt(2) <= '9';
    }

    void token(String t) {
      if (!Text.isBlank(t) && t.length() <= Text.MAX_TOKEN_CHARS) {
        String norm = t.trim().toLowerCase(Locale.ROOT);
        if (!tokens.contains(norm)) {
          tokens.add(norm);
        }
      }
    }

    /**
     * Adds {@code w} to the wording (up to 128 Ki chars in all); returns the phrase sets its
     * lower-cased head holds (also when the wording is full). One scan reads each text once.
     */
    long words(String w) {
      if (Text.isBlank(w)) {
        return 0;
      }
      String part = Text.head(w, Text.MAX_READ_CHARS);
      long found = FailureRules.WORDING.scanLowerCased(part);
      if (wordingLength < 2 * Text.MAX_READ_CHARS) {
        wordingParts.add(part);
        wordingLength += lowerCasedLength(part) + 1;
        wordingFound |= found;
      }
      return found;
    }

    // part.toLowerCase(Locale.ROOT).length(): U+0130 is the one char that lower-cases to two
    // ("i" and a combining dot above); indexOf answers at once for a Latin-1 text.
    private static int lowerCasedLength(String part) {
      int n = part.length();
      for (int i = part.indexOf('\u0130'); i >= 0; i = part.indexOf('\u0130', i + 1)) {
        n++;
      }
      return n;
    }

    void requestId(String id) {
      if (requestId == null && !Text.isBlank(id)) {
        requestId = id;
      }
    }

    // LiteLLM and the Python SDKs wrap an upstream error as "litellm.RateLimitError: … Error code:
    // 429 - {…}": the exception class and the status are typed evidence carried in the text.
    // Each pattern runs only when its literal part occurs in the lower-cased text ({@code found},
    // the text's scan): the patterns are ASCII case-insensitive, so a match implies the literal.
    void sdkClues(String text, long found) {
      String head = Text.head(text, Text.MAX_READ_CHARS);
      if (FailureRules.SDK_VENDOR_DOT.in(found)) {
        sdkClasses(head);
      }
      if (carriedStatus == null && FailureRules.SDK_ERROR_CODE.in(found)) {
        Matcher status = SDK_STATUS.matcher(head);
        if (status.find()) {
          carriedStatus = Integer.valueOf(status.group(1));
        }
      }
      innerClues(head);
    }

    // An error wrapped inside this text (JSON, escaped JSON, a Python repr): its type/code values
    // and its numeric code, in the order they occur. The patterns are tried only at a quote that
    // a key follows, so text full of quotes but no quoted keys (an HTML page) costs a scan.
    void innerClues(String head) {
      if (!quoteThenColon(head)) {
        return;
      }
      Matcher token = null;
      Matcher status = null;
      int dq = head.indexOf('"');
      int sq = head.indexOf('\'');
      while ((dq >= 0 || sq >= 0) && innerTokens < MAX_INNER_TOKENS) {
        int q = dq < 0 ? sq : sq < 0 ? dq : Math.min(dq, sq);
        if (q == dq) {
          dq = head.indexOf('"', q + 1);
        } else {
          sq = head.indexOf('\'', q + 1);
        }
        if (!keyAt(head, q + 1)) {
          continue;
        }
        int from = q > 0 && head.charAt(q - 1) == '\\' ? q - 1 : q;
        token = token == null ? INNER_TOKEN.matcher(head) : token;
        if (token.region(from, head.length()).lookingAt()) {
          String v = token.group(1);
          token(v.substring(v.lastIndexOf('#') + 1)); // AWS "…#ThrottlingException"
          innerTokens++;
        } else if (carriedStatus == null) {
          status = status == null ? INNER_STATUS.matcher(head) : status;
          if (status.region(from, head.length()).lookingAt()) {
            carriedStatus = Integer.valueOf(status.group(1));
          }
        }
      }
    }

    // Whether a quote, blanks, then a colon occur: what every quoted key the patterns match has
    // ("code": 400, 'type' : 'x', \"status\":); an HTML page's attributes have none.
    private static boolean quoteThenColon(String s) {
      for (int c = s.indexOf(':'); c >= 0; c = s.indexOf(':', c + 1)) {
        int i = c - 1;
        while (i >= 0 && Character.isWhitespace(s.charAt(i))) {
          i--;
        }
        if (i >= 0 && (s.charAt(i) == '"' || s.charAt(i) == '\'')) {
          return true;
        }
      }
      return false;
    }

    private static boolean keyAt(String s, int at) {
      for (String key : INNER_KEYS) {
        if (s.startsWith(key, at)) {
          return true;
        }
      }
      return false;
    }

    // The loop "while (SDK_CLASS.find() && found++ < 4) token(group(1))", trying the pattern only
    // where it can start: a vendor name just before a '.'. Where the text around a start is ASCII
    // the match is decided by hand (sdkClassAt); elsewhere the pattern decides.
    private void sdkClasses(String head) {
      Matcher cls = null;
      int found = 0;
      int from = 0;
      for (int dot = head.indexOf('.'); dot >= 0; dot = head.indexOf('.', dot + 1)) {
        int start = vendorBefore(head, dot);
        if (start < from) {
          continue;
        }
        long at = sdkClassAt(head, start, dot);
        if (at == ASK_THE_PATTERN) {
          cls = cls == null ? SDK_CLASS.matcher(head).useTransparentBounds(true) : cls;
          cls.region(start, head.length());
          at = cls.lookingAt() ? (long) cls.start(1) << 32 | cls.end(1) : NO_CLASS;
        }
        if (at != NO_CLASS) {
          if (found++ >= 4) {
            return;
          }
          int classStart = (int) (at >>> 32);
          int classEnd = (int) at;
          token(head.substring(classStart, classEnd));
          from = classEnd;
          dot = Math.max(dot, from - 1);
        }
      }
    }

    private static final long NO_CLASS = -1;
    private static final long ASK_THE_PATTERN = -2;

    /**
     * Whether {@link #SDK_CLASS} matches at {@code start} (looking at, transparent bounds), where
     * {@code s[start, dot)} is a vendor name in some case and {@code s[dot]} is its dot: the class
     * (group 1) as {@code start << 32 | end}, {@link #NO_CLASS}, or {@link #ASK_THE_PATTERN} when a
     * char the answer depends on is not ASCII (the pattern's {@code \b} reads Unicode letters,
     * digits and marks; its case folding is ASCII only).
     */
    static long sdkClassAt(String s, int start, int dot) {
      if (start > 0) {
        char before = s.charAt(start - 1);
        if (before >= 0x80) {
          return ASK_THE_PATTERN;
        }
        if (asciiWord(before)) {
          return NO_CLASS; // no \b before the vendor
        }
      }
      for (int i = start; i < dot; i++) {
        if (s.charAt(i) >= 0x80) {
          return ASK_THE_PATTERN; // regionMatches(ignoreCase) folds more than the pattern
        }
      }
      int p = dot + 1;
      // "(?:exceptions\.)?" is greedy: with it first, then without ("exceptions" as the class)
      if (s.regionMatches(true, p, "exceptions.", 0, 11) && asciiOnly(s, p, p + 11)) {
        long withGroup = classAt(s, p + 11);
        if (withGroup != NO_CLASS) {
          return withGroup;
        }
      }
      return classAt(s, p);
    }

    // "([a-z]{3,60})\b" (ASCII letters in either case) at p: greedy, so it matches only the
    // whole run of letters, when that run is 3 to 60 long and no word char follows it.
    private static long classAt(String s, int p) {
      int end = p;
      while (end < s.length() && end - p <= 60 && asciiLetter(s.charAt(end))) {
        end++;
      }
      if (end - p < 3 || end - p > 60) {
        return NO_CLASS;
      }
      if (end < s.length()) {
        char after = s.charAt(end);
        if (after >= 0x80) {
          return ASK_THE_PATTERN;
        }
        if (asciiWord(after)) {
          return NO_CLASS;
        }
      }
      return (long) p << 32 | end;
    }

    private static boolean asciiOnly(String s, int from, int to) {
      for (int i = from; i < to; i++) {
        if (s.charAt(i) >= 0x80) {
          return false;
        }
      }
      return true;
    }

    private static boolean asciiLetter(char c) {
      return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    }

    // \b's word chars among ASCII: letters, digits, '_'
    private static boolean asciiWord(char c) {
      return asciiLetter(c) || c >= '0' && c <= '9' || c == '_';
    }

    private static int vendorBefore(String s, int dot) {
      // SDK_CLASS folds ASCII case only, so a vendor's last letter is an ASCII m, i or c in either
      // case: most dots (a URL's, a version's, a sentence's) fail here, before any regionMatches
      // (and the letter before it an l, a or i: "platform.", "gpt-4o-mini." fail here too)
      int last = dot > 1 ? s.charAt(dot - 1) | 0x20 : 0;
      int beforeLast = dot > 1 ? s.charAt(dot - 2) | 0x20 : 0;
      if (!(last == 'm' && beforeLast == 'l'
          || last == 'i' && beforeLast == 'a'
          || last == 'c' && beforeLast == 'i')) {
        return -1;
      }
      for (String vendor : SDK_VENDORS) {
        int start = dot - vendor.length();
        if (start >= 0 && s.regionMatches(true, start, vendor, 0, vendor.length())) {
          return start;
        }
      }
      return -1;
    }

    private static final String[] SDK_VENDORS = {"litellm", "openai", "anthropic"};

    UpstreamError build() {
      String msg = unwrapped(message);
      if (rawMessage != null && !rawMessage.equals(msg)) {
        msg = msg == null ? rawMessage : msg + ": " + rawMessage;
      }
      if (msg != null && providerName != null) {
        msg = msg + " (provider: " + providerName + ")";
      }
      long messageFound = words(message);
      words(rawMessage);
      words(type);
      words(code);
      tokens.forEach(this::words);
      if (message != null) {
        if (errorShape) {
          sdkClues(message, messageFound); // plain text was scanned whole by readText
        }
        // MESSAGE_REQUEST_ID's literal part: "request", an optional ' ', '_' or '-', then "id"
        if (requestId == null && FailureRules.REQUEST_ID_WORDS.in(messageFound)) {
          Matcher id = MESSAGE_REQUEST_ID.matcher(Text.head(message, Text.MAX_READ_CHARS));
          if (id.find()) {
            requestId(id.group(1));
          }
        }
      }
      return new UpstreamError(
          msg,
          type,
          code,
          carriedStatus,
          List.copyOf(tokens),
          wordingFound,
          List.copyOf(wordingParts),
          requestId,
          retryDelay,
          quotaFailure,
          errorShape,
          blockReason);
    }
  }
}
