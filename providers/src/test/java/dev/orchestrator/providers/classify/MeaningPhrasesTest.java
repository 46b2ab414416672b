package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.orchestrator.engine.failure.FailureCategory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rules' vocabulary per meaning, as a table: {@code errors/meaning-phrases.jsonl} holds the
 * ordinary ways software words each failure category (rate limit, balance, overflow, key,
 * permission, model, safety, load, network, …) in the languages users meet, one short sentence per
 * row with no status, code or provider name. Each sentence alone, as an SDK's status-less message,
 * must be read as its meaning — the hardest case, where only the words decide (docs/design.md §4,
 * rows {@code in_band.*}). The real-body corpus measures how that generalises; this table pins the
 * vocabulary itself so that a phrasing once covered stays covered.
 */
class MeaningPhrasesTest {
  /** The languages the table must cover for every meaning, so no meaning is English-only. */
  private static final Set<String> LANGUAGES =
      Set.of("en", "zh", "zh-TW", "ja", "ko", "ru", "es", "pt", "fr", "de", "tr", "vi", "id", "it");

  @Test
  void everyPhraseIsReadAsItsMeaningFromTheWordsAlone() {
    List<JsonNode> rows = rows();
    List<String> wrong = new ArrayList<>();
    for (JsonNode row : rows) {
      String phrase = row.get("phrase").asText();
      FailureCategory expected = FailureCategory.fromWireName(row.get("meaning").asText());
      Classification c = FailureClassifier.INSTANCE.explainStrict(FailureEvidence.message(phrase));
      if (c.failure().category() != expected) {
        wrong.add(
            String.format(
                "%s %s: %s (rule %s) ← %s",
                row.get("lang").asText(),
                expected.wireName(),
                c.failure().category().wireName(),
                c.rule(),
                phrase));
      }
    }
    assertThat(wrong).as("phrases read as another meaning, of %d", rows.size()).isEmpty();
  }

  /**
   * An error document quoted in a message names where its words are, not what they say: each phrase
   * quoted as the message of a JSON error, of a Python dict an SDK printed, or as a JSON string
   * escaped once more in a log line, is read as the phrase alone — no clause reads a key and its
   * value as one phrase ("message" … "too large"), and a value is read whole. So is a phrase behind
   * a generic label, a log line's prefix (a timestamp and a level, a bracketed level, time and
   * source, pino's, Go logrus's {@code msg="…"}), a Markdown quote's {@code > }, a generic
   * failure's label ("request failed: ") or a generic exception's class or a Python traceback,
   * fenced as Markdown code, or with a relay's request id, the model it was for, the attempt it was
   * or the client's notice that it will try again after it; and one whose spaces, quotes or
   * characters a web page, a terminal or an editor wrote otherwise (runs of spaces, no-break
   * spaces, typographic quotes, HTML entities); and one whose negations are contracted or written
   * out, or spelt the British way; and one whose names (a parameter, a model, a role) are written
   * without their quotes, one whose numbers are larger and one that names another family's model;
   * and one behind a label or with trailing words that name no cause (labelled), or behind a
   * sentence that names the request and no cause ("We could not complete your request. "): no
   * clause reads a subject in one sentence with a verb in the next.
   */
  @Test
  void everyPhraseQuotedLabelledOrRelayedIsReadAsThePhraseAlone() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<String> changed = new ArrayList<>();
    int read = 0;
    for (JsonNode row : rows()) {
      String phrase = row.get("phrase").asText();
      String quoted = json.writeValueAsString(phrase);
      Map<String, String> wrapped =
          Map.ofEntries(
              Map.entry("json", "{\"error\": {\"message\": " + quoted + "}}"),
              Map.entry("python", "{'error': {'message': " + pythonRepr(phrase) + "}}"),
              Map.entry(
                  "escaped", "call failed: {\"detail\":" + json.writeValueAsString(quoted) + "}"),
              Map.entry("labelled", "Error: " + phrase),
              Map.entry("logged", "2024-05-01T12:00:00.123Z ERROR [chat.client] " + phrase),
              Map.entry("relayed", phrase + " (request id: 20241204142251938)"),
              Map.entry(
                  "failed", "2024-05-01 12:00:00,123 ERROR [app.llm] request failed: " + phrase),
              Map.entry("thrown", "java.util.concurrent.CompletionException: " + phrase),
              Map.entry("uncaught", "Uncaught (in promise) Error: " + phrase),
              Map.entry("routed", phrase + " (model: gpt-4o, provider: openai)"),
              Map.entry("retried", phrase + " (attempt 1 of 3)"),
              Map.entry("retrying", phrase + " · Retrying in 1 seconds… (attempt 1/10)"),
              Map.entry("retrying soon", phrase + " (retrying in 5s)"),
              Map.entry("timed", "[12:00:01] " + phrase),
              Map.entry(
                  "bracket-logged",
                  "[ERROR][2024-06-01 01:59:42][chat_gpt_bot.py:155] - " + phrase),
              Map.entry(
                  "logfmt",
                  "time=\"2024-06-01T01:59:42Z\" level=error msg="
                      + json.writeValueAsString(phrase)),
              Map.entry("pino", "[2024-06-01T01:59:42.123Z] ERROR (agent/123): " + phrase),
              Map.entry("quoted in Markdown", "> " + phrase),
              Map.entry("interjected", "Oops! " + phrase),
              Map.entry("excused", "We could not complete your request. " + phrase),
              Map.entry("exclaimed", phrase.replaceAll("[.!]?\\s*$", "!")),
              Map.entry(
                  "advised",
                  phrase.replaceAll("[.!]?\\s*$", ". If the problem persists, contact support.")),
              Map.entry("fenced", "```\n" + phrase + "\n```"),
              Map.entry("spaced", phrase.replace(" ", "  ")),
              Map.entry("pasted", phrase.replace(' ', '\u00a0')),
              Map.entry("typeset", phrase.replace('\'', '\u2019').replace('"', '\u201d')),
              Map.entry(
                  "escaped as HTML",
                  phrase
                      .replace("&", "&amp;")
                      .replace("\"", "&quot;")
                      .replace("'", "&#39;")
                      .replace("<", "&lt;")
                      .replace(">", "&gt;")),
              Map.entry("unquoted", unquoted(phrase)),
              Map.entry("renumbered", renumbered(phrase)),
              Map.entry("another model", MODEL_ID.matcher(phrase).replaceAll("glm-4-plus")),
              Map.entry("contracted", negations(phrase, true)),
              Map.entry("written out", negations(phrase, false)),
              Map.entry("British", british(phrase)),
              Map.entry(
                  "traceback",
                  "Traceback (most recent call last):\n  File \"/app/main.py\", line 42, in run\n"
                      + "    resp = client.chat(messages)\n"
                      + phrase));
      Map<String, String> all = new TreeMap<>(wrapped);
      all.putAll(labelled(phrase));
      FailureCategory alone = category(phrase);
      for (Map.Entry<String, String> w : all.entrySet()) {
        FailureCategory got = category(w.getValue());
        read++;
        if (got != alone) {
          changed.add(
              w.getKey() + ": " + alone.wireName() + " -> " + got.wireName() + " ← " + phrase);
        }
      }
    }
    assertThat(changed).as("quoted phrases read otherwise, of %d", read).isEmpty();
  }

  // What people paste and what apps and relays pass on: a label that names no cause before the
  // phrase (a level, a person's "I got this error", an app's task, a relay's label, an app's
  // "Something went wrong", 错误信息), a terminal's colours, an envelope, and after it a plea to try
  // again, a library's troubleshooting link or JavaScript stack frames (ADR 0030, twenty-second
  // addendum). A phrase that starts with a bracketed tag gets no level before it: after a level
  // ("[ERROR] [moderation] …") the tag is read as a logger's name, as loggers write it.
  private static Map<String, String> labelled(String phrase) {
    Map<String, String> w = new TreeMap<>();
    if (!phrase.startsWith("[")) {
      for (String level :
          List.of(
              "ERROR: ",
              "[ERROR] ",
              "ERROR:root:",
              "2025-03-09 00:57:16,852 - app.llm - ERROR - ")) {
        w.put("level " + level, level + phrase);
      }
    }
    for (String label :
        List.of(
            "I got this error: ",
            "Failed to get response: ",
            "Error generating reply from Ollama: ",
            "Agent run failed: ",
            "Request to OpenAI failed: ",
            "upstream error: ",
            "Provider returned error: ",
            "Something went wrong: ",
            "Unexpected error: ",
            "An error occurred: ",
            "错误信息：")) {
      w.put("label " + label, label + phrase);
    }
    w.put("coloured", "\u001b[31mError:\u001b[0m " + phrase);
    w.put("error string", JsonNodeFactory.instance.objectNode().put("error", phrase).toString());
    w.put("detail string", JsonNodeFactory.instance.objectNode().put("detail", phrase).toString());
    w.put("plea", phrase + (phrase.endsWith(".") ? "" : ".") + " Please try again.");
    w.put(
        "troubleshooting link",
        phrase
            + "\nFor troubleshooting, visit: https://python.langchain.com/docs/troubleshooting/");
    w.put(
        "stack frames",
        "Error: "
            + phrase
            + "\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)"
            + "\n    at async Object.run (/app/dist/index.js:120:17)");
    return w;
  }

  private static FailureCategory category(String message) {
    return FailureClassifier.INSTANCE
        .explainStrict(FailureEvidence.message(message))
        .failure()
        .category();
  }

  private static final String[][] NEGATIONS = {
    {"cannot", "can't"},
    {"will not", "won't"},
    {"does not", "doesn't"},
    {"do not", "don't"},
    {"did not", "didn't"},
    {"is not", "isn't"},
    {"are not", "aren't"},
    {"was not", "wasn't"},
    {"were not", "weren't"},
    {"has not", "hasn't"},
    {"have not", "haven't"},
    {"could not", "couldn't"},
    {"should not", "shouldn't"},
    {"would not", "wouldn't"}
  };

  // the phrase with its negations contracted ("does not" as "doesn't") or written out
  private static String negations(String phrase, boolean contract) {
    String s = phrase;
    for (String[] n : NEGATIONS) {
      String from = n[contract ? 0 : 1];
      String to = n[contract ? 1 : 0];
      s = s.replaceAll("\\b" + Pattern.quote(from) + "\\b", Matcher.quoteReplacement(to));
      s =
          s.replaceAll(
              "\\b" + Pattern.quote(capitalised(from)) + "\\b",
              Matcher.quoteReplacement(capitalised(to)));
    }
    return s;
  }

  // a name in quotes: a parameter, a model id, a role, a key of the body
  private static final Pattern QUOTED_NAME =
      Pattern.compile(
          "(?<!\\w)['\"`\u2018\u2019\u201c\u201d]([\\w./:@-]{1,60})['\"`\u2018\u2019\u201c\u201d](?!\\w)");

  /**
   * The phrase with its names written without quotes ("Unbekannter Schlüssel temprature", "Model
   * gpt-9 is not supported"); a JSON document stays as it is (its keys are the envelope's).
   */
  private static String unquoted(String phrase) {
    return phrase.contains("{") ? phrase : QUOTED_NAME.matcher(phrase).replaceAll("$1");
  }

  // a model of the families most phrases name (another family's id is read the same)
  private static final Pattern MODEL_ID =
      Pattern.compile(
          "\\b(?:gpt-4o(?:-mini)?|gpt-3\\.5-turbo|claude-3[-.\\w]*|gemini-[\\d.]+-(?:pro|flash)[-\\w]*)\\b");

  // a number of up to five digits, not part of a longer one, a word or a decimal
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\p{L}\\p{N}_.])\\d{1,5}(?![\\p{L}\\p{N}_.])");

  /**
   * The phrase with its numbers made larger (n → 10n + 7: "Retry in 17 seconds" → "Retry in 177
   * seconds", "máximo 4" → "máximo 47"), but not 0 or 1, whose meaning is none or one, nor a
   * three-digit number from 400 to 599, which reads as a status.
   */
  private static String renumbered(String phrase) {
    return NUMBER
        .matcher(phrase)
        .replaceAll(
            m -> {
              String n = m.group();
              long v = Long.parseLong(n);
              boolean status = n.length() == 3 && (n.charAt(0) == '4' || n.charAt(0) == '5');
              return status || v <= 1 ? n : String.valueOf(v * 10 + 7);
            });
  }

  private static String capitalised(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  private static final Pattern AMERICAN =
      Pattern.compile("(?i)(authori|organi|recogni)(z)(ations?|ational|ing|ers?|es|ed|e)\\b");

  // the phrase in British spelling ("unauthorised", "organisation")
  private static String british(String phrase) {
    return AMERICAN
        .matcher(phrase)
        .replaceAll(m -> m.group(1) + (m.group(2).equals("z") ? "s" : "S") + m.group(3));
  }

  // Python's repr of a str: single quotes unless the text holds one and no double quote
  private static String pythonRepr(String s) {
    char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    StringBuilder b = new StringBuilder().append(q);
    for (char c : s.toCharArray()) {
      if (c == '\\' || c == q) {
        b.append('\\').append(c);
      } else if (c == '\n') {
        b.append("\\n");
      } else {
        b.append(c);
      }
    }
    return b.append(q).toString();
  }

  /**
   * The status a meaning is sent with does not take the meaning away: each phrase, as the message
   * of an error document sent with the HTTP status its meaning comes with (an overflow with 400 or
   * a relay's 500, a refusal or a bad parameter with 400, a key with 401, a model with 404 or a
   * relay's 400, a body with 413, a rate limit with 429, the server with 500), is read as its
   * meaning, not as whatever the status alone stands for — a settled 400 is no reason to keep an
   * overflow from a larger window. Not the meanings a status shares with others in the words too: a
   * quota named alone under a 429 may be the rate limit's (Google's "Resource has been exhausted
   * (e.g. check quota)"), and a server named busy under a 503 or 504 is as much the server's
   * trouble as its load.
   */
  @Test
  void everyPhraseSentWithTheStatusItsMeaningComesWithIsReadAsItsMeaning() throws Exception {
    Map<FailureCategory, List<Integer>> statusesOf =
        Map.ofEntries(
            Map.entry(FailureCategory.CONTEXT_LENGTH_EXCEEDED, List.of(400, 500)),
            Map.entry(FailureCategory.CONTENT_FILTERED, List.of(400)),
            Map.entry(FailureCategory.REQUEST_INVALID, List.of(400)),
            Map.entry(FailureCategory.AUTH_FAILED, List.of(401)),
            Map.entry(FailureCategory.PERMISSION_DENIED, List.of(403)),
            Map.entry(FailureCategory.NOT_FOUND, List.of(404, 400)),
            Map.entry(FailureCategory.REQUEST_TOO_LARGE, List.of(413)),
            Map.entry(FailureCategory.RATE_LIMITED, List.of(429)),
            Map.entry(FailureCategory.SERVER_ERROR, List.of(500)));
    ObjectMapper json = new ObjectMapper();
    List<String> wrong = new ArrayList<>();
    int read = 0;
    for (JsonNode row : rows()) {
      FailureCategory meaning = FailureCategory.fromWireName(row.get("meaning").asText());
      String phrase = row.get("phrase").asText();
      String body = "{\"error\": {\"message\": " + json.writeValueAsString(phrase) + "}}";
      for (int status : statusesOf.getOrDefault(meaning, List.of())) {
        Classification c =
            FailureClassifier.INSTANCE.explainStrict(FailureEvidence.http(status, Map.of(), body));
        read++;
        if (c.failure().category() != meaning) {
          wrong.add(
              String.format(
                  "%d %s: %s (rule %s) ← %s",
                  status, meaning.wireName(), c.failure().category().wireName(), c.rule(), phrase));
        }
      }
    }
    assertThat(read).isGreaterThan(2_400);
    assertThat(wrong).as("phrases read as another meaning with their status").isEmpty();
  }

  /**
   * An account's money or allowance named under a 429 is the account's state: the phrases of that
   * meaning that name money (a balance, credits, billing, a budget, a payment) are read as
   * quota_exhausted with the 429 a relay or a gateway sends them with, not as a rate limit to
   * retry.
   */
  @Test
  void moneyNamedUnderA429IsTheAccountsState() throws Exception {
    ObjectMapper json = new ObjectMapper();
    Pattern money =
        Pattern.compile(
            "(?i)credit|billing|balance|budget|payment|funds|余额|欠费|充值|残高|잔액|saldo|guthaben"
                + "|faturamento|fatturazione|facturación|facturation|penagihan|платёжн|баланс");
    List<String> wrong = new ArrayList<>();
    int read = 0;
    for (JsonNode row : rows()) {
      String phrase = row.get("phrase").asText();
      if (!row.get("meaning").asText().equals("quota_exhausted") || !money.matcher(phrase).find()) {
        continue;
      }
      String body = "{\"error\": {\"message\": " + json.writeValueAsString(phrase) + "}}";
      Classification c =
          FailureClassifier.INSTANCE.explainStrict(FailureEvidence.http(429, Map.of(), body));
      read++;
      if (c.failure().category() != FailureCategory.QUOTA_EXHAUSTED) {
        wrong.add(c.failure().category().wireName() + " (rule " + c.rule() + ") ← " + phrase);
      }
    }
    assertThat(read).isGreaterThan(30);
    assertThat(wrong).as("money named under a 429 read as another meaning").isEmpty();
  }

  /**
   * A generic API error class says a call failed, not why: each phrase of a settled meaning (a
   * request, a key, a permission, a model, the window, a body's size, the account) behind the class
   * an SDK raises for any failed call ("litellm.APIError: ") is read as its meaning, not as the 500
   * the class stands for; and the server's own failure stays the server's. (Not a refusal: one
   * phrase names the answer emptied by moderation, which the empty-answer words of a 5xx read
   * first.)
   */
  @Test
  void everySettledPhraseBehindAGenericApiErrorClassIsReadAsItsMeaning() {
    Set<FailureCategory> settled =
        Set.of(
            FailureCategory.REQUEST_INVALID,
            FailureCategory.AUTH_FAILED,
            FailureCategory.PERMISSION_DENIED,
            FailureCategory.NOT_FOUND,
            FailureCategory.CONTEXT_LENGTH_EXCEEDED,
            FailureCategory.REQUEST_TOO_LARGE,
            FailureCategory.QUOTA_EXHAUSTED,
            FailureCategory.SERVER_ERROR);
    List<String> wrong = new ArrayList<>();
    int read = 0;
    for (JsonNode row : rows()) {
      FailureCategory meaning = FailureCategory.fromWireName(row.get("meaning").asText());
      if (!settled.contains(meaning)) {
        continue;
      }
      String message = "litellm.APIError: " + row.get("phrase").asText();
      Classification c = FailureClassifier.INSTANCE.explainStrict(FailureEvidence.message(message));
      read++;
      if (c.failure().category() != meaning) {
        wrong.add(
            String.format(
                "%s: %s (rule %s) ← %s",
                meaning.wireName(), c.failure().category().wireName(), c.rule(), message));
      }
    }
    assertThat(read).isGreaterThan(1_500);
    assertThat(wrong).as("phrases behind a generic API error class read otherwise").isEmpty();
  }

  @Test
  void everyMeaningIsCoveredInEveryLanguage() {
    Map<String, Set<String>> languagesByMeaning = new TreeMap<>();
    for (JsonNode row : rows()) {
      String meaning = row.get("meaning").asText();
      FailureCategory.fromWireName(meaning);
      assertThat(row.get("phrase").asText()).as("phrase").isNotBlank();
      assertThat(LANGUAGES).as("language of %s", row).contains(row.get("lang").asText());
      languagesByMeaning
          .computeIfAbsent(meaning, k -> new TreeSet<>())
          .add(row.get("lang").asText());
    }
    assertThat(languagesByMeaning).hasSizeGreaterThanOrEqualTo(14);
    languagesByMeaning.forEach(
        (meaning, languages) -> assertThat(languages).as(meaning).containsAll(LANGUAGES));
  }

  private static List<JsonNode> rows() {
    return ErrorExamples.jsonLines("/errors/meaning-phrases.jsonl", "meaning", "lang", "phrase");
  }
}
