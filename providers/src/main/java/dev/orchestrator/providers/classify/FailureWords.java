package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.internal.Regexes;
import dev.orchestrator.providers.classify.FailureRules.Clause;
import dev.orchestrator.providers.classify.FailureRules.Words;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the rows of {@link FailureRules} look for: the providers' codes, as exact lower-case
 * identifiers, and the wording of each meaning, as phrases (any of which occurring in the
 * lower-cased message or body text counts, {@code Facts#says}) and as {@link Words} (clauses read
 * only where their anchors occur). The protocol — which evidence is read in which order — is {@link
 * FailureRules}; this class is only its vocabulary, and {@link PhraseIndex} indexes both.
 * Immutable.
 */
final class FailureWords {

  private FailureWords() {}

  // A model the plan or the kind of key does not include ("API keys and subscription plans allow
  // different models. Make sure the selected model is included in your plan"): a permission, not an
  // allowance spent (rows account.cap_wording, in_band.account_words, in_band.permission_words).
  static final List<String> PLAN_EXCLUDES_MODEL =
      List.of(
          "included in your plan",
          "plan does not include",
          "allow different models",
          // a feature or a model named not available on the caller's plan ("This feature is not
          // available on your current plan")
          "not available on your plan",
          "not available on your current plan",
          "not available in your plan",
          "not available for your plan",
          "not available on the free plan",
          // a model a plan must include ("this model requires a subscription, upgrade for access",
          // "Model requires a Pro subscription")
          "model requires a subscription",
          "model requires a pro subscription",
          "model requires a paid subscription",
          // a feature a key's billing cannot pay for ("Composer relies on custom models that cannot
          // be billed to an API key")
          "cannot be billed to",
          // a subscription that does not reach a model, a format or a service ("Claude Opus isn't
          // included with your subscription", "Your subscription does not have access to the
          // output format pcm_44100", "Your subscription isn't enabled for Azure OpenAI access",
          // "Your subscription is not approved to deploy gpt-4o-audio-preview"): its scope, not
          // its money
          "included with your subscription",
          "subscription does not have access",
          "subscription has not been granted",
          "subscription is not approved",
          "subscription is not enabled for");

  static final Set<String> ACCOUNT_CODES =
      Set.of(
          "insufficient_quota",
          "quota_exceeded",
          "billing_hard_limit_reached",
          "billing_not_active",
          "insufficient_balance",
          "insufficient_credits",
          "payment_required",
          "budget_exceeded",
          "budgetexceedederror",
          "servicequotaexceededexception",
          // Moonshot (https://platform.moonshot.ai/docs/api/chat#error-explanation)
          "exceeded_current_quota_error",
          // DashScope (https://help.aliyun.com/zh/model-studio/error-code): account in arrears,
          // free tier used up
          "arrearage",
          "allocationquota.freetieronly",
          // OpenCode Zen
          "creditserror",
          // Zhipu (https://docs.bigmodel.cn/cn/api/api-code): 1113 arrears, 1304 daily call
          // limit, 1308 usage cap, 1309 plan expired, 1310 weekly/monthly cap
          "1113",
          "1304",
          "1308",
          "1309",
          "1310",
          // one-api/new-api relays: the relay's own user quota is spent
          "insufficient_user_quota",
          // MiniMax (ModelScope API-Inference): "insufficient balance (1008)"
          "insufficient_balance_error",
          // FastChat QUOTA_EXCEEDED
          "42902");

  // Balance, credit, billing, arrears and budget: the account cannot pay for the request. Any of
  // these phrasings, in any status or none, is account state.
  static final List<String> ACCOUNT_WORDING =
      List.of(
          // OpenAI's insufficient_quota text (Google's free tier sends it too, for a quota per
          // minute, with "Please retry in 12s": row account.wording yields to that)
          "exceeded your current quota",
          "check your plan and billing",
          // pre-paid credits to add or buy, whatever status comes with it ("HTTP 404 Not Found from
          // https://api.openai.com/… You may need to add pre-paid credits before using the OpenAI
          // API", "Add pre-paid credits to your account to continue using groq")
          "add pre-paid credits",
          "purchase pre-paid credits",
          "insufficient_quota",
          "insufficient_credits",
          "insufficient_user_quota",
          // OpenAI's billing codes, printed alone by SDKs and CLIs
          "billing_not_active",
          "billing_hard_limit_reached",
          "exceeded current quota",
          "quota is not enough",
          "not enough quota",
          "you have no quota",
          // balance
          "balance is too low",
          "insufficient balance",
          "insufficient_balance",
          "insufficient account balance",
          "balance is insufficient",
          "not enough balance",
          "suspended due to insufficient",
          // credits
          "insufficient credits",
          "insufficient funds",
          "not enough credits",
          "more credits",
          "can only afford",
          "never purchased credits",
          "out of credits",
          "used all available credits",
          "included credits",
          // billing and arrears
          "billing hard limit",
          "billing limit",
          "billing details",
          "payment required",
          "spending limit",
          "reached your specified api usage limits",
          "account is in good standing",
          "overdue",
          "outstanding balance",
          "unpaid invoice",
          "unpaid balance",
          "unpaid bill",
          "maximum spend",
          "max spend",
          "non-payment",
          // budgets (LiteLLM keys, teams, users; gateway budget pools)
          "budget exceeded",
          "budget has been exceeded",
          "exceeded budget",
          "exceededbudget",
          "crossed budget",
          "over budget",
          "max budget",
          "budget limit",
          "budget exhausted",
          // Chinese: balance short, in arrears, recharge, quota used up, plan expired
          "余额不足",
          "欠费",
          "请充值",
          "额度已用完",
          "额度已用尽",
          "额度不足",
          "配额不足",
          "套餐已到期",
          // one-api/new-api relays: the quota to reserve for the request could not be deducted
          "预扣费额度失败",
          "预扣费失败",
          // a relay's pool of keys for the model is spent ("该模型无可用令牌")
          "无可用令牌",
          // balance or credits short, in Traditional Chinese, Japanese, Korean, Italian,
          // Portuguese, Spanish, German, Ukrainian, Indonesian, Vietnamese, Thai, Arabic, Persian,
          // Polish, Dutch, Hindi
          "餘額不足",
          "額度不足",
          "額度已用完",
          "點數不足",
          "帳戶已欠費",
          "請儲值",
          "残高が不足",
          "クレジットが不足",
          "잔액이 부족",
          "크레딧이 부족",
          "credito insufficiente",
          "crediti insufficienti",
          "crediti esauriti",
          "saldo insufficiente",
          "sem créditos",
          "créditos esgotados",
          "sin créditos",
          "créditos agotados",
          "nicht genügend guthaben",
          "недостатньо коштів",
          "saldo tidak mencukupi",
          "saldo tidak cukup",
          "không đủ số dư",
          "ยอดเงินไม่เพียงพอ",
          "رصيد غير كاف",
          "موجودی کافی نیست",
          "اعتبار کافی نیست",
          "niewystarczające środki",
          "onvoldoende saldo",
          "अपर्याप्त शेष",
          // money short in other words
          "out of funds",
          "not enough funds",
          // iFlytek Spark's 11200 naming its spent token total
          "tokens.total",
          // a model with no free tier for the account (Gemini "doesn't have a free quota tier")
          "free quota tier",
          // a trial period over, a payment required, a spending limit reached, in the corpus's
          // languages
          "periodo de prueba",
          "período de teste",
          "período de prueba",
          "testzeitraum",
          "periodo di prova",
          "période d'essai",
          "deneme süresi",
          "thời gian dùng thử",
          "masa percobaan",
          "pago requerido",
          "se requiere pago",
          "se requiere el pago",
          "plată necesară",
          "pagamento necessário",
          "zahlung erforderlich",
          "paiement requis",
          "pagamento richiesto",
          "limite de dépenses",
          "limite di spesa",
          "límite de gasto",
          "limite de gastos",
          "ausgabenlimit",
          "harcama limiti",
          "hạn mức chi tiêu",
          "batas pengeluaran",
          "batas penggunaan harian",
          // a plan used up or expired, a payment method missing or a payment failed, in French,
          // German, Vietnamese, Turkish
          "forfait est épuisé",
          "forfait épuisé",
          "abo ist abgelaufen",
          "zahlungsmethode",
          "gói dịch vụ đã hết hạn",
          "cần thanh toán",
          "ödeme alınamadı",
          // funds, points, a plan or the free requests used up, in Polish, Catalan, Swedish,
          // Bulgarian, Persian and Arabic ("Wygląda na to, że wyczerpałeś środki/kredyty",
          // "Återstående kvot är otillräcklig", "نقاط اشتراک شما تمام شده است")
          "wyczerpałeś środki",
          "wykorzystano wszystkie darmowe",
          "se t'han acabat els fons",
          "kvot är otillräcklig",
          "абонаментен план е изчерпан",
          "نقاط اشتراک شما تمام شده",
          "استنفدت نقاط اشتراكك");

  // The same meaning in the shapes a phrase list cannot enumerate: a balance, credit or points
  // pool that is short, used up, empty or expired (余额/积分/额度…不足, "run out of credits", "out of
  // OpenHands credits", "credits have run out", "balance is $0.00", "used up your…"), credits named
  // as what the request requires, a quota, plan or trial that expired, an account in arrears or
  // overdue. These are the SDKs' and CLIs' short status-less messages as much as bodies.
  // A key that is valid but may not use this model, in a gateway's words under its generic
  // authentication label (LiteLLM's "Authentication Error, key not allowed to access model. This
  // key can only access models=['gpt-4o-mini']", "The model claude-3-opus does not work with your
  // current plan or api key"): a permission the next rows read, not a key to replace.
  static final Words KEY_VALID_MODEL_REFUSED =
      Words.of(
          Clause.of(
              "\\b(?:key|team|user) not allowed to access model\\b|\\bcan only access models\\b|\\bdoes not work with your current plan\\b",
              "not allowed to access model",
              "can only access models",
              "current plan"));

  static final Words ACCOUNT_PATTERN =
      Words.of(
          // a plan's allowance used up, in a product's own words ("You've used all 500 fast
          // requests included in your plan this month", "You have run out of fast hours", "Model
          // request limit reached. Upgrade to Zed Pro for more requests", "Upgrade to Notion AI to
          // keep using it"): what resets is the plan, not a window of seconds
          Clause.of(
              "\\byou(?:'ve| have) used (?:all|up)\\b|\\b(?:you(?:'ve| have)|has) run out of\\b|\\bupgrade (?:to|your)\\b[^\\n]{0,40}?\\b(?:for more|to keep using|to get more)\\b",
              "used all",
              "used up",
              "run out of",
              "upgrade"),
          // no money at all on the account ("Your newly created team doesn't have any credits or
          // licenses yet", "the organization has no credits")
          Clause.of(
              "\\b(?:does not|do not) have (?:any|enough) (?:credits?|balance"
                  + "|funds)\\b"
                  + "|\\b(?:has|have) no (?:credits?|balance|funds)\\b",
              "have"),
          Clause.of(
              "(?:余额|积分|点数|额度|配额|资源包|资金|次数|credits?|balance|funds|tokens?)[^\\n]{0,6}?"
                  + "(?:不足|用完|用尽"
                  + "|耗尽|不够)",
              "不足",
              "用完",
              "用尽",
              "耗尽",
              "不够"),
          Clause.of(
              "\\b(?:run|ran|running) out of (?:credits?|balance|funds|quota|tokens)\\b", "out of"),
          Clause.of(
              "\\b(?:no|zero|negative) (?:remaining |available )?(?:credits?|balance|funds"
                  + "|quota)\\b(?! headers?)",
              "credit",
              "balance",
              "fund",
              "quota"),
          Clause.of("\\bused up (?:your|all|the)\\b", "used up"),
          Clause.of(
              "\\b(?:quota|plan|subscription|package|trial)\\b[^\\n]{0,20}?\\b(?:has "
                  + "|have )?expired\\b",
              "expired"),
          Clause.of("(?:套餐|订阅|额度|试用)[^\\n]{0,6}?(?:已过期|已到期|过期|到期)", "过期", "到期"),
          Clause.of(
              "\\binsufficient (?:[a-z][\\w.-]* ){0,2}(?:quota|credits?|balance|funds?|points)\\b",
              "insufficient"),
          Clause.of("\\bout of (?:credits?|balance|funds)\\b", "out of"),
          // credits out of a named pool ("You're out of OpenHands credits", "out of free credits")
          Clause.of(
              "\\bout of (?:[a-z][\\w.-]* ){1,2}(?:credits?|quota|balance|funds)\\b", "out of"),
          // credits named as what the request needs ("Fable 5 requires usage credits", "Usage
          // credits required for 1M context")
          Clause.of(
              "\\b(?:requires?|needs?) (?:[a-z][\\w.-]* ){0,2}credits\\b|\\bcredits (?:are "
                  + "|is )?required\\b",
              "credits"),
          Clause.of("\\blow balance\\b|\\bbalance too low\\b", "balance"),
          Clause.of(
              "\\b(?:credits?|balance|funds|points)\\s+(?:are\\s+|is\\s+|have been\\s+"
                  + "|has been\\s+)?"
                  + "(?:exhausted|used up|depleted|spent|consumed|gone)\\b"
                  + "|\\b(?:consumed|used|spent) all (?:of )?your (?:[a-z]+ )?(?:credits?|balance|funds|points)\\b",
              "credit",
              "balance",
              "fund",
              "points"),
          // tokens bought into an account ("Not enough tokens in your account")
          Clause.of(
              "\\bnot enough tokens (?:in|on|left in) your (?:account|wallet|balance)\\b",
              "not enough tokens"),
          Clause.of("\\bcredit limit\\b", "credit"),
          // the pool named short of the request ("Available credits cannot cover this request")
          Clause.of(
              "\\b(?:credits?|balance|funds)\\b[^\\n]{0,20}?\\b(?:cannot|does not"
                  + "|do not) (?:cover|afford|pay for)\\b",
              "cover",
              "afford",
              "pay for"),
          // the pool named first, then spent: "credits have run out", "credits ran out", "your API
          // credits have expired", "exceeded your monthly credits"
          Clause.of(
              "\\b(?:credits?|balance|funds|quota)\\b[^\\n]{0,20}?\\b(?:ran|run|runs"
                  + "|running) out\\b",
              "ran out",
              "run out",
              "runs out",
              "running out"),
          Clause.of(
              "\\b(?:credits?|balance)\\b[^\\n]{0,20}?\\b(?:has |have )?expired\\b", "expired"),
          Clause.of("\\bexceeded (?:your|the) (?:[a-z][\\w.-]* )?credits?\\b", "exceeded"),
          // tokens bought as the account's currency, named spent ("You've used all your remaining
          // tokens"); a context overflow does not call the window's tokens "your tokens"
          Clause.of(
              "\\b(?:used up|used all|exhausted"
                  + "|spent)\\s+(?:of\\s+)?(?:all\\s+)?your\\b[^\\n]{0,20}?"
                  + "\\btokens\\b",
              "tokens"),
          // a balance or wallet named empty, zero or negative ("balance is $0.00", "wallet is
          // empty"); the remaining credits named short of the request
          Clause.of(
              "\\b(?:balance|wallet)\\b[^\\n]{0,20}?(?:\\bis|:)\\s*(?:empty\\b|zero\\b|negative\\b"
                  + "|[$¥€]?\\s*-?0(?:\\.0+)?(?![\\d.,]))",
              "balance",
              "wallet"),
          Clause.of(
              "\\bremaining (?:credits?|balance|quota)\\b[^\\n]{0,20}?\\b(?:insufficient"
                  + "|not sufficient"
                  + "|not enough)\\b|\\bexceeds? (?:your|the) remaining (?:credits?|balance|quota)\\b",
              "remaining"),
          Clause.of("\\bover quota\\b", "quota"),
          Clause.of("\\bkey limit exceeded\\b", "key limit"),
          // a key whose own credit limit the request's cost is over, with a key of a higher limit
          // as the remedy (OpenRouter's "max_tokens limit exceeded: 100000 > 9577. To increase,
          // visit https://openrouter.ai/keys and create a key with a higher limit")
          Clause.of(
              "\\b(?:create|use|get|generate) (?:a|another|a new) (?:api )?key with a higher "
                  + "(?:credit |spend(?:ing)? |usage )?limit\\b",
              "key with a higher"),
          Clause.of(
              "\\bbudget\\b[^\\n]{0,30}?\\b(?:exceeded|reached|exhausted|spent)\\b"
                  + "|\\b(?:exceeded|reached|exhausted|crossed)\\b[^\\n]{0,20}?\\bbudget\\b",
              "budget"),
          Clause.of("\\btop[- ]?up\\b", "top up", "top-up", "topup"),
          Clause.of("\\brecharge\\b", "recharge"),
          Clause.of(
              "(?:\\bnot|n't|\\bno|\\binsufficient)\\b[^\\n]{0,20}?\\b(?:enough|sufficient) "
                  + "(?:[a-z][\\w.-]* ){0,2}(?:credits?|balance|funds|quota|points)\\b",
              "enough",
              "sufficient"),
          Clause.of("\\b0 credits?\\b", "credit"),
          // a pool counted down to nothing ("Credits remaining: 0", "balance: 0 left", "no credits
          // left")
          Clause.of(
              "\\b(?:credits?|balance|funds)\\b[^\\n]{0,12}?\\b(?:remaining"
                  + "|left)\\b\\s*:?\\s*0(?![\\d.,])"
                  + "|\\b(?:no|zero) (?:[a-z][\\w.-]* )?(?:credits?|balance|funds) (?:remaining|left)\\b",
              "remaining",
              "left"),
          Clause.of(
              "\\bbilling (?:to be )?(?:enabled|disabled|not enabled|not active)\\b", "billing"),
          Clause.of(
              "\\b(?:free tier|free[- ]trial|trial|free quota|free credits?"
                  + "|free usage)\\b[^\\n]{0,20}?"
                  + "\\b(?:exhausted|used up|expired|ended|exceeded|(?:has|have) been used)\\b"
                  + "|\\b(?:exhausted|used up|used all|run out of|ran out of|out of|exceeded)\\s+"
                  + "(?:of\\s+)?(?:your |the |all )?(?:[a-z]+ )?free (?:tier|trial|quota|credits?|usage)\\b",
              "trial",
              "free"),
          Clause.of(
              "残高[^\\n]{0,6}?不足|잔액[^\\n]{0,6}?부족|saldo insuficiente|cr[ée]ditos? insuficientes?"
                  + "|solde insuffisant|cr[ée]dits? insuffisants?"
                  + "|guthaben[^\\n]{0,12}?(?:aufgebraucht|unzureichend|nicht ausreichend)"
                  + "|unzureichendes guthaben|недостаточно (?:средств|кредитов|баланса)"
                  + "|баланс[^\\n]{0,10}?(?:недостаточ|исчерпан)",
              "不足",
              "부족",
              "insuficiente",
              "insuffisant",
              "guthaben",
              "недостаточно",
              "баланс"),
          Clause.literals("クレジット", "크레딧"),
          Clause.of(
              "\\b(?:no|inactive|non[- ]active|not active|expired|cancell?ed) (?:active "
                  + "|valid )?subscription\\b"
                  + "|\\bsubscription (?:is )?(?:required|expired|inactive|has ended|ended)\\b",
              "subscription"),
          Clause.of("\\b(?:free )?trial (?:has )?ended\\b", "trial"),
          // free or trial credits that may not be spent ("Free credits temporarily have restricted
          // access")
          Clause.of(
              "\\b(?:free|trial) credits?\\b[^\\n]{0,30}?\\b(?:restricted|unavailable|disabled"
                  + "|suspended"
                  + "|not available)\\b",
              "credit"),
          Clause.of("(?:超出|超过|用完|用尽)[^\\n]{0,10}?(?:额度|配额|限额|套餐)", "超出", "超过", "用完", "用尽"),
          Clause.of("请购买|购买更多", "购买"),
          Clause.of("(?:key|令牌|密钥|账号|账户)\\s*(?:超出|超过)(?:了)?(?:限制|限额|额度)", "超出", "超过"),
          Clause.literals("升级套餐"),
          Clause.of("\\bnot enough (?:credits?|balance|quota|funds|points)\\b", "not enough"),
          Clause.of(
              "\\b(?:quota|balance|credits?)(?:\\s*:\\s*|\\s+(?:is\\s+|are\\s+)?)"
                  + "(?:insufficient|not enough|not sufficient|depleted)\\b",
              "quota",
              "balance",
              "credit"),
          Clause.of("(?:次数|调用次数|用量|使用量|tokens?)\\s*(?:已用完|已用尽|已耗尽|已达上限)", "已用", "已耗", "上限"),
          Clause.of("余额为\\s*0", "余额为"),
          Clause.of(
              "\\baccount\\b[^\\n]{0,40}?\\b(?:overdue|in arrears)\\b"
                  + "|\\boverdue (?:balance|payment|account|bill)",
              "overdue",
              "arrears"),
          // a free tier, trial or allowance named spent ("The free tier of the model has been
          // exhausted")
          Clause.of(
              "\\bfree (?:tier|quota|trial|credits?|allowance|usage)\\b[^\\n]{0,60}?\\b(?:exhausted"
                  + "|used up|run out|depleted|expired|ended)\\b",
              "free "),
          // today's messages or calls used up (a daily cap), in the corpus's languages
          Clause.of(
              "(?:今天|今日|本日|오늘|para hoy|hoje|aujourd'hui|für heute|today)[^\\n]{0,30}?(?:用完|用尽|上限"
                  + "|모두 사용|agotado|usou todas|utilisé tous|aufgebraucht|used all|used up)|(?:agotado"
                  + "|usou todas|utilisé tous|aufgebraucht|used all)[^\\n]{0,40}?(?:para hoy|hoje"
                  + "|aujourd'hui|für heute|today)",
              "今天",
              "今日",
              "本日",
              "오늘",
              "hoy",
              "hoje",
              "aujourd'hui",
              "heute",
              "today"),
          // a free limit named reached ("Free limit reached. Subscribe to …")
          Clause.of(
              "\\bfree (?:limit|usage limit|quota)\\b[^\\n]{0,20}?\\b(?:reached|exceeded|hit"
                  + "|used up)\\b",
              "free "));

  // A quota named as spent, in any word order the providers use ("Individual quota reached",
  // "quota has been exhausted", "exhausted your quota"); a rate limit when it resets within the
  // minute, as for QUOTA_WORDING.
  static final Words QUOTA_SPENT_PATTERN =
      Words.of(
          Clause.of(
              "\\bquota\\b[^\\n]{0,30}?\\b(?:reached|exhausted|exceeded|used up|depleted|hit"
                  + "|full)\\b"
                  + "|\\b(?:exhausted|reached|used up|exceeded|hit) (?:your|the|all|its)\\b[^\\n]{0,20}?"
                  + "\\bquota\\b|\\bhit quota\\b|\\bexceeds? (?:your|the|its) (?:[a-z]+ )?quota\\b"
                  + "|\\b(?:exceeded|exhausted|over)\\s+(?:[a-z][\\w.-]*\\s+){0,2}quota\\b",
              "quota"),
          // a quota counted down to nothing ("Quota: 0 remaining", "Remaining quota: 0", "no quota
          // left")
          Clause.of(
              "\\bquota\\b[^\\n]{0,12}?(?:\\b0 (?:[a-z]+ )?(?:remaining|left)\\b"
                  + "|\\b(?:remaining|left)\\b\\s*:?\\s*0(?![\\d.,]))"
                  + "|\\bremaining (?:[a-z]+ )?quota\\s*:?\\s*0(?![\\d.,])"
                  + "|\\bno (?:[a-z][\\w.-]* )?quota (?:remaining|left)\\b",
              "remaining",
              "left"));

  // A balance named as a word of its own, not inside a load balancer's name ("ring-balancer",
  // "loadbalance strategy", "балансировщик"), in English and Russian (rows in_band.account_words
  // and in_band.window_quota).
  static final Words BALANCE_NAMED =
      Words.of(Clause.of("\\bbalances?\\b|баланс(?!ир)", "balance", "баланс"));

  // A request's token budget named as its parameter ("thinking.budget_tokens is not allowed when
  // thinking.type is 'disabled'", "Reasoning budgets are not supported in model.complete()"): the
  // request's field, not the account's budget (row in_band.account_words). Nor is an agent's time
  // budget for a turn ("This turn ran past its time budget without finishing").
  static final List<String> BUDGET_NOT_THE_ACCOUNTS =
      List.of(
          "time budget",
          "budget_tokens",
          "token_budget",
          "thinking_budget",
          "thinking budget",
          "reasoning budget",
          "budgettokens",
          // …and the answer's own token budget, spent before it was written ("Reasoning consumed
          // the entire token budget, no answer was produced")
          "token budget",
          "output budget");

  // The account's allowance in an app's or a coding agent's sentences, read only for a message
  // with no status (rows in_band.window_quota, in_band.account_words): a spend, free or
  // subscription limit reached, a low balance, a plan's request limit, in the languages their
  // locale files have.
  static final Words QUOTA_HINTS =
      Words.of(
          // credits exhausted or membership expired ("due to the developer's credits being
          // exhausted", "Membership expired, please renew your plan")
          Clause.of(
              "credits (?:being |are |have been |were )?exhausted|membership (?:has )?expired|renew your (?:plan|membership|subscription)",
              "credits",
              "membership",
              "renew your"),
          // a daily token/question cap reached ("You have exceeded the daily token limits",
          // "您的提问已达到最大限制，请明天再来吧", "reached the maximum number of questions. Please try again
          // tomorrow")
          Clause.of(
              "exceeded (?:the |your )?daily (?:token|request|message|usage) limits?|(?:提问|提問|问题|問題)已(?:达|達)到?最大限制|reached the maximum number of (?:questions|messages|requests)[^\\n]{0,20}?tomorrow",
              "daily",
              "最大限制",
              "tomorrow"),
          // a daily / 24-hour count cap reached, in Chinese ("24 小时内发送消息的次数已达到限制", "今天的訪問次數超過限制",
          // "已达每天用户请求的上限")
          Clause.of(
              "(?:24 ?小时内|24 ?小時內|每天|每日|今天的?|今日的?)[^\\n]{0,12}?(?:次数|次數)[^\\n]{0,4}?(?:已达到?|已達到?|超过|超過)[^\\n]{0,3}?(?:限制|上限)|已(?:达|達)每(?:天|日)[^\\n]{0,12}?上限",
              "次数",
              "次數",
              "已达每",
              "已達每"),
          // a premium-request budget used up ("You cannot accrue additional premium requests at
          // this time")
          Clause.of(
              "\\bcannot accrue (?:any )?(?:additional|more|further) premium requests\\b|\\bpremium requests? (?:allowance|budget|quota) (?:(?:has been |is )?(?:exhausted|reached|exceeded|used up))",
              "premium request"),
          // a plan's completions allowance used up ("Completions limit reached", "monthly free
          // code completions exhausted")
          Clause.of(
              "\\b(?:monthly|daily|weekly|free) (?:free )?(?:code )?completions? (?:(?:are |have been )?(?:exhausted|used up)|limit (?:reached|hit))|\\bcompletions? limit (?:reached|hit)\\b",
              "completion"),
          // a plan's request limit reached, an upgrade offered for more requests ("Model request
          // limit reached. Upgrade to Zed Pro for more requests", "Upgrade to usage-based billing
          // for more requests")
          Clause.of(
              "\\bupgrade to\\b[^\\n]{0,40}?\\bfor more (?:requests|prompts|messages|usage)\\b|\\bmodel requests? limit reached\\b",
              "for more",
              "request limit"),
          // an agent's model-call limit per run or thread reached ("Model call limits exceeded:
          // run limit (5/5)", "thread level call limit reached with 50 model calls")
          Clause.of(
              "\\bmodel call limits? (?:exceeded|reached)\\b|\\b(?:run|thread)(?: level)? call limit reached\\b",
              "call limit"),
          // a limit increase to be requested from the workspace owner ("Request a limit increase
          // from your owner to continue using codex")
          Clause.of(
              "\\blimit increase from (?:your |the |an? )?(?:workspace )?(?:owner|admin(?:istrator)?)\\b",
              "limit increase from"),
          // a usage or subscription limit reached, in French, Polish, Arabic ("Limite
          // d'utilisation hebdomadaire atteinte", "Osiągnięto 5-godzinny limit użycia", "تم تجاوز
          // حصة الاشتراك")
          Clause.of(
              "limite d['’]utilisation\\b[^\\n]{0,30}?(?:atteinte?|dépassée?)|(?:osiągnięto|przekroczono)[^\\n]{0,20}?limit (?:użycia|subskrypcji)|limit (?:użycia|subskrypcji)[^\\n]{0,10}?(?:osiągnięty|przekroczony|wyczerpany)|حصة الاشتراك",
              "utilisation",
              "limit użycia",
              "limit subskrypcji",
              "حصة"),
          // usage to be enabled from the account balance, in French, Polish, Danish, Spanish,
          // Portuguese, German, Italian ("activez l'utilisation depuis votre solde disponible",
          // "włącz użycie z dostępnego salda")
          Clause.of(
              "\\b(?:activez|włącz|aktivér|aktiver|habilita|ative|aktiviere|abilita)[^\\n]{0,30}?(?:solde|salda|saldo|guthaben)",
              "solde",
              "salda",
              "saldo",
              "guthaben"),
          // a daily free-usage limit reached ("Daily free model limit reached", "You've reached
          // today's free usage limit for this model")
          Clause.of("\\b(?:daily|today['’]s) free (?:model |usage )?limit\\b", "free "),
          // a low credit or balance warning, in Catalan, Spanish, Portuguese, Italian, French,
          // German, Swedish, Polish, Hindi, Thai ("Avís de Crèdit Baix!", "Ostrzeżenie o niskim
          // saldzie!", "Ton solde ... est bas")
          Clause.of(
              "cr[èée]dit(?:o)? (?:baix|bajo|baixo|basso|faible)|niedriges guthaben|lågt kreditsaldo|niskim saldzie|niskie saldo|कम क्रेडिट|เครดิตเหลือน้อย|\\bsolde\\b[^\\n]{0,30}? est bas\\b|\\bsaldo\\b[^\\n]{0,30}? (?:es bajo|está baixo|è basso)|\\bguthaben\\b[^\\n]{0,30}? ist niedrig|stan konta[^\\n]{0,30}? jest niski",
              "baix",
              "bajo",
              "basso",
              "faible",
              "niedrig",
              "lågt kreditsaldo",
              "कम क्रेडिट",
              "เครดิตเหลือน้อย",
              "est bas",
              "niski"),
          // a free limit or free usage reached or exceeded, in Arabic, Danish, German, Spanish,
          // Portuguese, French, Polish, Russian, Turkish ("Límite gratuito alcanzado", "Gratis
          // forbrug overskredet", "Ücretsiz sınıra ulaşıldı")
          Clause.of(
              "(?:ال)?حد (?:الاستخدام )?المجاني|gratis ?(?:forbrug|grænse|grense|gräns)[a-zæøåä]{0,4} (?:overskredet|nået|nådd|överskriden|uppnådd)|kostenlose[sn]? (?:nutzungs)?limit|l[íi]mite (?:de uso )?gratuito|limite (?:d['’]utilisation )?gratuite|limit darmow(?:y|ego użytkowania)|бесплатн[а-я]{0,3} лимит|ücretsiz (?:kullanım|sınır)[a-zçğıöşü]{0,4} (?:aşıldı|ulaşıldı|doldu)",
              "المجاني",
              "gratis",
              "kostenlose",
              "gratuit",
              "limit darmow",
              "бесплатн",
              "ücretsiz"),
          // a spend (or usage) limit reached, monthly or not, in English, Arabic, Danish,
          // Norwegian, Swedish, Polish, Russian, Japanese ("Max Monthly Spend Reached", "Du har
          // nået din månedlige forbrugsgrænse", "ежемесячного лимита расходов")
          Clause.of(
              "\\bmax(?:imum)? monthly spend\\b|حد الإنفاق|forbrugsgrænse|forbruksgrense|utgiftsgrense|utgiftsgräns|limit(?:u|y|em)? wydatków|лимит[а-я]{0,2} расходов|月額の?(?:利用|支出|使用)?上限",
              "monthly spend",
              "حد الإنفاق",
              "forbrugsgrænse",
              "forbruksgrense",
              "utgiftsgrense",
              "utgiftsgräns",
              "wydatków",
              "расходов",
              "月額"));

  // The nouns of the account's money or allowance that a rate limit is also spoken of in: a
  // quota, in the languages the corpus has ("Resource has been exhausted (e.g. check quota)" is
  // Google's 429 for a per-minute window), and the plain English nouns ("reason fetching
  // subscription from SSC" under a 429). With no status they name the account (rows
  // in_band.account_words and in_band.window_quota); under a 429 they leave it a rate limit (row
  // account.words_429).
  static final List<String> ACCOUNT_NOUNS_SHARED =
      List.of(
          "quota",
          "额度",
          "配额",
          "クォータ",
          "할당량",
          "квот",
          "cuota",
          "cota ",
          "hạn mức",
          "kota",
          "kuota",
          "سهمیه",
          "subscription");

  // The nouns of the account's money or allowance, in the languages the corpus has (rows
  // in_band.account_words and in_band.window_quota), with BALANCE_NAMED; the account's alone, not
  // a rate limit's too, so read under a 429 as well (row account.words_429).
  static final List<String> ACCOUNT_NOUNS =
      List.of(
          // the usage limit reached or exceeded, in Hebrew ("הגעת למגבלת השימוש שלך", "חריגה מהגבלת
          // השימוש")
          "מגבלת השימוש",
          "הגבלת השימוש",
          // a subscription ended, a daily limit spent, credit run out, in Ukrainian and Persian
          // ("Термін дії вашої підписки Premium закінчився", "Ваш денний ліміт вичерпано", "اعتبار
          // شما به پایان رسیده است")
          "вашої підписки",
          "ліміт вичерпано",
          "اعتبار شما",
          // the usage limit reached, in Arabic ("لقد وصلت إلى حد الاستخدام")
          "حد الاستخدام",
          // prepaid capacity, in English, Japanese and Chinese (Copilot Studio's "Not enough
          // prepaid capacity was available", "十分な前払い容量が利用できませんでした")
          "prepaid",
          "前払い",
          "预付",
          // funds on the account spent, a trial period ended, in Polish, Persian, Ukrainian and
          // Russian ("Środki na koncie się wyczerpały", "اعتبار حساب شما تمام شده است",
          // "Безкоштовний пробний період завершився")
          "środki na koncie",
          "اعتبار حساب",
          "пробний період",
          "пробный период",
          // a package to buy before use, in Chinese ("需要先购买套餐包"), the AI Horde's currency
          // ("This request requires 25.98 kudos")
          "购买套餐",
          "kudos",
          // a plan contracted or expired, free tokens, tokens run out, a day's message limit, a
          // day's questions
          // used up, a subscription package, in Japanese, Russian, Turkish, Vietnamese and
          // Indonesian
          "ご契約のプラン",
          "無料トークン",
          "закончились токены",
          "günlük mesaj limit",
          "hết lượt",
          "gói dịch vụ",
          "paket langganan",
          // a package of tokens used up, a monthly share reached, in Russian and Arabic
          "пакет токенов",
          "الحصة الشهرية",
          // …and in Korean, Arabic, Hindi and Japanese
          "무료 플랜 한도",
          "الحد المسموح به لاستخدام",
          "प्लान की सीमा",
          "使い切りました",
          // a plan's or a period's allowance used up, as consumer apps word it in their
          // translations ("Hai raggiunto il limite di utilizzo settimanale", "你的免费消息已用完", "You've
          // run out of compute points")
          "límite de uso",
          "limite de uso",
          "limite di utilizzo",
          "berichtenlimiet",
          "limiet voor",
          "mesaj sınırınıza",
          "plan sınırına",
          "лимита бесплатного",
          "ліміту безкоштовного",
          "ліміт повідомлень",
          "преміум-запити",
          "pontos de computação",
          "puanınız yok",
          "免費方案上限",
          "免费方案上限",
          "已用完",
          "무료 메시지",
          "今月の",
          "compute points",
          "free requests limit",
          "pencarian pro",
          "tin nhắn miễn phí",
          "limitu zpráv",
          "gränsen återställs",
          "המגבלה תתאפס",
          "الخطة المجانية",
          "رایگان شما",
          "ใช้งานถึงขีดจำกัด",
          "όριο του δωρεάν",
          "limit planu",
          "dzienny limit",
          "credit",
          "billing",
          "payment",
          "budget",
          // money by other names
          "funds",
          // billing, in the corpus's languages ("verifique seu plano e os dados de faturamento",
          // "controlla il piano e i dati di fatturazione", "Проверьте тарифный план и платёжные
          // данные": OpenAI's insufficient_quota in translation)
          "faturamento",
          "fatura ",
          "fatturazione",
          "facturación",
          "facturation",
          "penagihan",
          "платёжн",
          "платежн",
          "余额",
          "欠费",
          "充值",
          "残高",
          "잔액",
          "saldo",
          "crédit",
          "guthaben",
          "số dư",
          "bakiye",
          "موجودی",
          "رصيد",
          // billing, in Arabic
          "الفوترة",
          // a trial, a monthly or daily allowance, credits or a payment method, in the corpus's
          // languages
          "试用期",
          "試用期",
          "無料トライアル",
          "체험 기간",
          "пробный период",
          "prueba gratuita",
          "teste gratuito",
          "essai gratuit",
          "testphase",
          "deneme süre",
          "dùng thử",
          "uji coba",
          "prova gratuita",
          "月度",
          "每月",
          "月間",
          "월간",
          "дневной лимит",
          "месячный лимит",
          "uso mensual",
          "uso mensal",
          "utilisation mensuelle",
          "monatlich",
          "aylık kullanım",
          "hàng tháng",
          "bulanan",
          "utilizzo mensile",
          "kredi",
          "tín dụng",
          "利用枠",
          "お支払い",
          "支払い方法",
          "付款方式",
          "帳單",
          // a spend limit or budget, a subscription, a payment or billing, arrears, an allowance,
          // in the corpus's languages
          "支出上限",
          "支出限额",
          "消费上限",
          "预算",
          "預算",
          "予算",
          "예산",
          "бюджет",
          "presupuesto",
          "orçamento",
          "訂閱",
          "订阅",
          "サブスクリプション",
          "구독",
          "подписк",
          "suscripción",
          "assinatura",
          "abonnement",
          "결제",
          "оплат",
          "задолженност",
          "facturación",
          "cobrança",
          "facturation",
          "abrechnung",
          "tarjeta fue rechazada",
          "carte a été refusée",
          "karte wurde abgelehnt",
          "pagamento foi recusado",
          "kontingent",
          // a balance, a quota, funds, in Traditional Chinese
          "餘額",
          "配額",
          "額度",
          "資金",
          // subscription points, funds, a recharge, in Italian, Turkish, Russian, Vietnamese,
          // French, Portuguese (an account or a balance to recharge: "Veuillez recharger votre
          // compte", "rendez-vous sur OpenAI pour recharger"; never a conversation or a page to
          // reload: "Veuillez recharger la conversation")
          "abbonamento",
          "abonelik",
          "баллы",
          "điểm đăng ký",
          "средства",
          "recharger votre",
          "recharger ton",
          "recharger le compte",
          "recharger le solde",
          "pour recharger",
          "recarregar",
          // credits, in Russian and Ukrainian (кредиты, кредити)
          "кредит",
          // a budget, in Indonesian
          "anggaran",
          // a budget, in Turkish and Vietnamese
          "bütçe",
          "ngân sách");

  // A provider's or an app's key named by the provider or the app it is for ("Unable to verify
  // your Groq key", "the DeepSeek key you entered was rejected", "Paste an xAI key instead"): the
  // key a request authenticates with, whatever its provider is called, as AUTH_NOUNS' "openai key"
  // (row in_band.auth_words). Never a key of data, storage or a keyboard ("the cache key", "an
  // unknown key", "the primary key").
  static final Words PROVIDER_KEY_NAMED =
      Words.of(
          Clause.of(
              "\\b(?:your|the|my|this|that|an?) (?!(?:cache|primary|foreign|dictionary|object|sort"
                  + "|partition|idempotency|unknown|unique|hot|shortcut|encryption|ssh|public|private"
                  + "|composite|lookup|routing|sharding|map|json|array|hash|redis|s3|storage|file"
                  + "|same|following|given|requested|missing|required|last|first|next|previous)\\b)"
                  + "[a-z][a-z0-9.-]{1,20} key\\b(?! (?:not found|error|must|is required|field|value|name))",
              " key"));

  // The nouns of the key or login a request authenticates with (row in_band.auth_words).
  static final List<String> AUTH_NOUNS =
      List.of(
          // an API key in Czech ("Neplatný API klíč pro OpenAI")
          "api klíč",
          // a gateway's own key for its callers (Helicone's "Proxy key not found", LiteLLM's
          // "Invalid proxy server token passed")
          "proxy key",
          "proxy server token",
          // a provider to authenticate with (Positron's "ensure you have logged into a language
          // model provider … authenticating with a provider"), a key named not provided ("Virtual
          // key not provided"), a key's user named not found, credentials in Portuguese and
          // Spanish ("User not
          // found.",
          // "Credenciais inválidas")
          "authenticating with",
          // a key or an access token, in Dutch and French ("Controleer je API-sleutel", "vérifiez
          // votre jeton d'accès")
          "api-sleutel",
          "jeton d'accès",
          // a key, an access or refresh token, a signature, a login ended, in the bots' and apps'
          // languages, never inside a longer word ("подключения" holds "ключ") ("My OpenAI key
          // got rejected", "Не удалось получить access token: ключ авторизации недействителен",
          // "Khóa … đã bị nhà cung cấp vô hiệu hóa", "Wylogowano:
          // token sesji stracił ważność", "فشل التحقق من التوقيع", "کلید API باطل شده است")
          "openai key",
          "anthropic key",
          "mistral key",
          "key got rejected",
          "key está",
          "key hết hạn",
          "ключ авторизации",
          "ключ прострочен",
          "ключ недійсн",
          "ключ недейств",
          "токен доступ",
          "oauth",
          "توکن",
          "رمز المصادقة",
          "رمز الدخول",
          "token de acceso",
          "jeton d'auth",
          "identifiants",
          "giriş bilgileri",
          "hmac",
          "التوقيع",
          "authorization",
          "could not authenticate",
          "reconnect the",
          "reconnect your",
          "đăng xuất",
          "wylogowano",
          "разлогин",
          "از حساب خارج",
          "login anda",
          "seu login",
          "key not provided",
          "user not found",
          "credenciais",
          "credenciales",
          // a login's stored tokens missing (Codex's "token data is not available")
          "token data",
          // a session to sign in to again by QR code, an auth or access token named missing or
          // wrong, in Chinese
          // and Korean ("会话已失效，请重新扫码登录", "인증 토큰이 없습니다")
          "扫码登录",
          "인증 토큰",
          "액세스 토큰",
          // the key provided named invalid or expired, in German, Indonesian, Spanish, Dutch,
          // Korean and Arabic
          // (LibreChat's and Lobe's translations: "Der angegebene Schlüssel ist ungültig", "제공된 키가
          // … 만료되었습니다")
          "angegebene schlüssel",
          "kunci yang diberikan",
          "clave proporcionada",
          "opgegeven sleutel",
          "제공된 키",
          "مفتاح api",
          // …and in Arabic, Indonesian, Swedish, Czech, Greek, Hebrew, Hindi, Thai, Japanese,
          // Chinese, Korean
          // and English ("You've been logged out. Please sign in to continue.", "認証キーが無効です")
          "تسجيل الدخول مرة أخرى",
          "masuk kembali",
          "logga in igen",
          "přihlaste se",
          "συνδεθείτε ξανά",
          "להתחבר מחדש",
          "फिर से साइन",
          "เข้าสู่ระบบ",
          "もう一度ログイン",
          "再次登入",
          "認証キー",
          "인증 키",
          "not signed in",
          "logged out",
          "sign in to continue",
          // a session expired, or a sign-in asked again, as consumer apps word it in their
          // translations ("Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
          // "登录已过期，请重新登录")
          "sesión ha caducado",
          "sesión expirada",
          "sessão expirou",
          "session a expiré",
          "sitzung ist abgelaufen",
          "sessione è scaduta",
          "sessie is verlopen",
          "sesja wygasła",
          "oturumunuzun süresi",
          "сеанс истек",
          "сессия истекла",
          "сеансу закінчився",
          "会话已过期",
          "登录已过期",
          "工作階段已過期",
          "セッションの有効期限",
          "세션이 만료",
          "inicia sesión de nuevo",
          "entre novamente",
          "reconnectez-vous",
          "melde dich erneut an",
          "accedi di nuovo",
          "log opnieuw in",
          "zaloguj się ponownie",
          "tekrar giriş",
          "войдите снова",
          "увійдіть знову",
          "重新登录",
          "重新登入",
          "再度ログイン",
          "다시 로그인",
          "disconnesso",
          "uitgelogd",
          "вийшли з облікового",
          "autenticar",
          "authentifiziert",
          "api key",
          "api_key",
          "api-key",
          "apikey",
          "credentials",
          "authentication",
          "unauthenticated",
          "密钥",
          "令牌",
          "鉴权",
          "apiキー",
          "api 키",
          // the cloud consoles' key pairs (Tencent SecretId, Volcengine/Alibaba AccessKey)
          "secretid",
          "secret id",
          "secretkey",
          "secret key",
          "accesskey",
          "access key",
          // the API key, in Spanish, Portuguese, French, German, Italian, Turkish, Vietnamese,
          // Indonesian, Russian, Traditional Chinese, Japanese
          "clave de api",
          "clave api",
          "chave de api",
          "chave api",
          "clé api",
          "clé d'api",
          "api-schlüssel",
          "api anahtar",
          "khóa api",
          "kunci api",
          "chiave api",
          "api-ключ",
          "ключ api",
          "金鑰",
          "api キー",
          // the API key, in Portuguese and Russian
          "chave da api",
          "api ключ",
          // an app's access password wrong or empty (NextChat "访问密码不正确或为空")
          "访问密码",
          "訪問密碼",
          "密码不正确",
          "密码错误",
          // Baidu's and Volcengine's access-key pair
          "ak/sk",
          // an authentication named failed, in Russian and Chinese
          "аутентифиц",
          "认证错误");

  // The last resort's words, one meaning each (rows in_band.context_words … in_band.empty_words):
  // the plain terms a message uses for what failed, in English and the corpus's languages.
  // A moderation system named, in the corpus's languages: a refusal that also asks for a new
  // conversation ("…gemarkeerd door ons moderatiesysteem… start een nieuw gesprek") is the
  // refusal, not the window (row in_band.context_words).
  // A capability the model or the endpoint lacks, named by what the request asks for and that it
  // cannot be had here (row in_band.capability_words): images, audio, PDFs, tools, system
  // messages, streaming, JSON mode, structured output, sampling settings, reasoning effort,
  // prefill, web search, code execution ("open-mistral-7b cannot be called with tools",
  // "このモデルでは画像を読み取ることができません", "La llamada a funciones no está disponible para el
  // modelo seleccionado"), in English and twelve other languages.
  static final Words CAPABILITY_NAMED =
      Words.of(
          Clause.literals(
              "image",
              "vision",
              "audio",
              "pdf",
              "tool",
              "function call",
              "system message",
              "system prompt",
              "system instruction",
              "developer instruction",
              "streaming",
              "stream=",
              "json mode",
              "structured output",
              "logprobs",
              "temperature",
              "reasoning effort",
              "seed",
              "prefill",
              "web search",
              "code execution",
              "modalit",
              "candidatecount",
              "predicted output",
              "agent mode"),
          Clause.literals(
              "图片",
              "图像",
              "工具",
              "函数调用",
              "系统消息",
              "流式",
              "json 模式",
              "联网搜索",
              "音频",
              "视觉",
              "画像",
              "ツール",
              "関数呼び出し",
              "システムメッセージ",
              "ストリーミング",
              "json モード",
              "検索",
              "音声",
              "이미지",
              "도구",
              "함수 호출",
              "시스템 메시지",
              "시스템 프롬프트",
              "스트리밍",
              "음성",
              "오디오",
              "추론",
              "프리필",
              "구조화된 출력",
              "изображени",
              "инструмент",
              "вызов функций",
              "системн",
              "потоков",
              "аудио",
              "веб-поиск",
              "herramienta",
              "llamada a funciones",
              "mensajes de sistema",
              "instrucciones del sistema",
              "modo json",
              "búsqueda web",
              "ferramenta",
              "chamada de função",
              "mensagens de sistema",
              "saída estruturada",
              "áudio",
              "bild",
              "werkzeug",
              "funktionsaufruf",
              "systemanweisung",
              "systemnachricht",
              "json-modus",
              "websuche",
              "outil",
              "appel de fonction",
              "messages système",
              "mode json",
              "sorties structurées",
              "température",
              "préremplissage",
              "exécution de code",
              "immagin",
              "strument",
              "messaggi di sistema",
              "fonksiyon çağırma",
              "json modu",
              "sistem talimat",
              "web araması",
              "akış",
              "gọi hàm",
              "chế độ json",
              "chỉ dẫn hệ thống",
              "tìm kiếm web",
              "công cụ",
              "gambar",
              "pemanggilan fungsi",
              "instruksi sistem",
              "pencarian web"));

  // …that it cannot be had, in the same languages.
  static final Words CAPABILITY_REFUSED =
      Words.of(
          Clause.literals(
              "is not a",
              "text-only",
              "cannot",
              "not supported",
              "unsupported",
              "not available",
              "not enabled",
              "enabled only",
              "only supported",
              "only allowed",
              "only available",
              "not offered",
              "does not support",
              "has no ",
              "requires a model",
              "which supports",
              "not allowed",
              "does not accept"),
          Clause.literals(
              "无法",
              "不具备",
              "不支持",
              "不能",
              "できません",
              "対応していない",
              "サポートされていません",
              "受け付けません",
              "利用不可",
              "有効化されていません",
              "수 없",
              "지원하지",
              "못하",
              "에서만",
              "недоступ",
              "не принимает",
              "не предусмотрен",
              "невозможно",
              "не умеет",
              "не поддерживает",
              "no está disponible",
              "solo es compatible",
              "no acepta",
              "requiere un modelo",
              "no pueden",
              "no admite",
              "somente texto",
              "não tem suporte",
              "indisponível",
              "não são permitidas",
              "não é compatível",
              "não é possível",
              "não é permitido",
              "gibt es keine",
              "nicht verwendet werden",
              "nicht akzeptiert",
              "nur mit modellen",
              "erfordert ein modell",
              "nicht verarbeiten",
              "nicht unterstützt",
              "pas prises en charge",
              "pas pris en charge",
              "n'est pas activé",
              "réservé aux",
              "impossible d",
              "pas disponible",
              "pas accepté",
              "indisponible",
              "non ha capacità",
              "non può",
              "richiede un modello",
              "non sono accettati",
              "impossibile",
              "non li elabora",
              "non supporta",
              "kullanılamaz",
              "yalnızca uyumlu",
              "tanımlanamaz",
              "kullanılamıyor",
              "sunulmuyor",
              "desteklemiyor",
              "không thể",
              "không khả dụng",
              "từ chối",
              "chỉ hoạt động",
              "không hỗ trợ",
              "tidak bisa",
              "tidak tersedia",
              "hanya didukung",
              "ditolak",
              "tidak didukung",
              "tidak dapat"));

  // …with the model or the endpoint named, by the word or by a model's id.
  static final Words MODEL_OR_ENDPOINT_NAMED =
      Words.of(
          Clause.of(
              "\\bmodels?\\b|modelo|modèle|modell|modello|モデル|모델|модел|模型|mô hình|endpoint|uç nokta|\\b(?:gpt|o\\d|claude|gemini|gemma|llama|mistral|mixtral|qwen|deepseek|phi|command|yandexgpt|hcx|moonshot|grok|cursor)[\\w.:-]*"
                  // …and the other families by an id with a version or a size after the name
                  // ("glm-4-plus", "kimi-k2", "ernie-4.0-8k", "granite-3.1-8b")
                  + "|\\b(?:glm|yi|kimi|ernie|minimax|abab|jamba|titan|granite|pixtral|ministral|codestral"
                  + "|falcon|hunyuan|baichuan|doubao|nova|sonar|nemotron|olmo|starcoder|internlm|sensechat)"
                  + "[-\\d][\\w.:-]*",
              "モデル",
              "모델",
              "модел",
              "模型",
              "mô hình",
              "gpt",
              "o",
              "claude",
              "gemini",
              "gemma",
              "llama",
              "mistral",
              "mixtral",
              "qwen",
              "deepseek",
              "phi",
              "hcx",
              "glm",
              "yi",
              "kimi",
              "ernie",
              "minimax",
              "abab",
              "jamba",
              "titan",
              "granite",
              "pixtral",
              "ministral",
              "hunyuan",
              "baichuan",
              "internlm",
              "sensechat"));

  // A body or an answer that could not be decoded ("json: cannot unmarshal the model's structured
  // output"): the words of a parser, not a capability refused (row in_band.capability_words).
  static final List<String> DECODING_NAMED = List.of("unmarshal");

  // A verdict that the answer was not JSON (Pydantic's type json_invalid on the model's output,
  // httr2's "Unexpected content type \"text/plain\". Expecting type \"application/json\""): what it
  // names failed in the answer, not in the connection.
  static final List<String> ANSWER_NOT_JSON =
      List.of("json_invalid", "expecting type \"application/json\"");

  // What is never the request's fault, whatever request words follow (notTheRequest): the app's own
  // programming fault (JavaScript's "TypeError: Cannot read properties of undefined (reading
  // 'map')", Dart's "The error handler of Future.catchError must return a value"), a request echoed
  // whole beside a failure that says nothing ("Request: {'messages': […], 'max_tokens': 1024, …}
  // failed, state_code: None").
  static final List<String> NOT_THE_REQUEST_AT_FAULT =
      List.of(
          "cannot read properties of",
          "future.catcherror",
          // the server's chat template that does not parse ("Parser Error: Expected closing
          // statement token"): kept from the request's rows so that SERVER_HINTS reads it
          "parser error: expected",
          // PHP's error in the app's own code, named with its file ("… must be of type array,
          // string given, called in /var/www/html/vendor/…/Chat.php on line 35")
          ".php on line",
          "request: {'messages'",
          "request: {\"messages\"",
          // a place named as what is not served ("Gemini is not currently supported in your
          // country"): the account's place, read by the permission rows, not the request
          "in your country",
          "in your region",
          // a client's own object printed where a value belonged ("Unsupported response type:
          // <class 'aiohttp.client_reqrep.ClientResponse'>")
          "<class 'aiohttp.",
          // an app's list of possible causes after the error it names, in Chinese ("网络错误 — 可能原因： 1)
          // 网络不通 2) 该平台不支持浏览器直接调用(CORS) 3) Base URL 错误"): guesses, not a verdict
          "可能原因",
          // the Inference API's wrapper of its pipeline's own exception ("Unknown error in run_once
          // : postprocess() got an unexpected keyword argument")
          "error in run_once");

  // The account, its plan or its administrator named as what keeps the feature away ("Your
  // subscription has not been granted access", "Upgrade your plan to use it"): not the model's
  // capability (row in_band.capability_words).
  static final List<String> ACCESS_HOLDER_NAMED =
      List.of(
          "your organization",
          // an organisation still to verify, in English and Korean ("조직 인증이 완료되지 않아")
          "organization verification",
          "조직 인증",
          "your plan",
          "your account",
          "subscription",
          "upgrade",
          "admin");

  // A moderation model named by its id ("omni-moderation-latest"), not a moderation that refused.
  static final List<String> MODERATION_MODEL_NAMED =
      List.of("omni-moderation", "text-moderation", "moderation model", "moderation generator");

  // The request's own safety settings named (Gemini's "GenerateContentRequest.safety_settings[4]:
  // element predicate failed"): a parameter refused, not content (row content.words_4xx).
  static final List<String> SAFETY_SETTING_NAMED =
      List.of("safety_settings", "safety settings", "safetysettings");

  // A moderation (or censorship, content-review) system named, in the languages LibreChat's
  //    moderation message has: that message ends "edit your message or start a new
  //    conversation", which the context words would otherwise read as an overflow.
  static final List<String> MODERATION_NAMED =
      List.of(
          "moderat",
          "moderac",
          "moderov",
          "модерац",
          "モデレーション",
          "投稿監視",
          "모더레이션",
          "moderasyon",
          "kiểm duyệt",
          "الإشراف",
          "نظام الرقابة",
          "内容审查",
          "內容審查",
          "מערכת הניהול");

  static final Words CONTEXT_HINTS =
      Words.of(
          // a conversation, a prompt or an input named longer than the model can take, the text
          // sent named too long ("Conversation is longer than the model can handle", "the prompt is
          // too long for what the model can process", "The text you provided is too long")
          Clause.of(
              "\\b(?:conversation|prompt|input|message|chat|context|history)s? (?:is |are |was |were )?"
                  + "(?:too long|longer|larger|bigger) (?:than|for) (?:what )?(?:the |this )?"
                  + "(?:model|llm) can (?:handle|process|accept|take|read|fit)\\b"
                  + "|\\bthe text (?:you (?:provided|entered|sent|submitted) )?is too long\\b",
              "model can",
              "llm can",
              "is too long"),
          // a token count over what can be processed or a response hitting the length limit
          // ("Cannot summarize more than 128000 tokens", "the response hit the length limit")
          Clause.of(
              "\\b(?:cannot|unable to) (?:summarize|process|handle|accept) more than \\d[\\d,]* tokens\\b|\\bresponse (?:hit|reached|exceeded) the (?:max(?:imum)? )?length limit\\b",
              "more than",
              "length limit"),
          // a message too long to be processed, in Romanian ("Mesajul tău e prea lung şi nu poate
          // fi procesat")
          Clause.of("\\bmesajul (?:tău |dvs\\. )?(?:e|este) prea lung\\b", "prea lung"),
          // a request over the model's context or input-token limit, in English and Chinese
          // ("Model reached its maximum context", "exceeds the maximum number of allowed input
          // tokens", "请求超出了可用的上下文大小")
          Clause.of(
              "\\breached its maximum context\\b|\\bexceeds? the maximum number of allowed input tokens\\b|\\bis \\d+ tokens,? which exceeds (?:the )?limit of \\d+|超出了?(?:可用的|可用)?上下文(?:大小|长度|長度)",
              "maximum context",
              "allowed input tokens",
              "tokens which exceeds",
              "tokens, which exceeds",
              "上下文"),
          // an out-of-context error (the window used up), in English, Spanish, Portuguese,
          // Indonesian, Korean, Russian, Turkish, Italian, Czech, Catalan and Japanese ("Error de
          // contexto excedido", "Ошибка: выход за пределы контекста", "Bağlam dışı hata")
          Clause.of(
              "\\bout[- ]of[- ]context error\\b|\\berror de contexto excedido\\b|\\berro de contexto (?:esgotado|excedido)\\b|\\bkesalahan kehabisan konteks\\b|문맥 한도 초과|выход за пределы контекста|\\bbağlam dışı hata\\b|\\berrore fuori contesto\\b|\\bchyba mimo kontext\\b|(?m:^(?:error de contexto?|コンテキストエラー)[.!]?$)",
              "context error",
              "error de context",
              "erro de contexto",
              "kehabisan konteks",
              "문맥 한도 초과",
              "пределы контекста",
              "bağlam dışı hata",
              "fuori contesto",
              "mimo kontext",
              "コンテキストエラー"),
          // a chat near the AI's memory limit whose memory window (the context size) could be
          // expanded, in Chinese, Japanese, Korean, Catalan, Czech, Spanish, Portuguese, Italian,
          // Indonesian, Turkish and Vietnamese ("扩展记忆窗口（称为上下文大小）", "ampliar la finestra de memòria
          // (la mida del context)", "Belleği (bağlam boyutu denir) genişletebiliriz")
          Clause.of(
              "memory window \\((?:called )?context size|finestra de memòria \\((?:la )?mida del context|paměťové okno \\(nazývané velikost kontextu|ventana de memoria \\((?:llamada )?tamaño (?:de|del) contexto|janela de memória \\((?:chamada )?tamanho do contexto|finestra di memoria \\((?:chiamata )?dimensione del contesto|fenêtre de mémoire \\((?:appelée )?taille d[ue] contexte|jendela memori \\((?:disebut )?ukuran konteks|cửa sổ bộ nhớ \\((?:gọi là )?kích thước ngữ cảnh|\\(bağlam boyutu denir\\)|메모리 창\\s?\\(컨텍스트 크기|メモリウィンドウ（コンテキストサイズ|记忆窗口（称为上下文大小|記憶視窗（稱為上下文大小",
              "memory window",
              "finestra de memòria",
              "paměťové okno",
              "ventana de memoria",
              "janela de memória",
              "finestra di memoria",
              "fenêtre de mémoire",
              "jendela memori",
              "cửa sổ bộ nhớ",
              "bağlam boyutu denir",
              "메모리 창",
              "メモリウィンドウ",
              "记忆窗口",
              "記憶視窗"),
          // a conversation to restart from a summary (Codex's "To continue, start a new thread
          // from a summary.")
          Clause.of(
              "\\bstart a new (?:thread|chat|conversation|session) from a summary\\b",
              "from a summary"),
          // a conversation above the token limit (Codex's "Conversation is still above the token
          // limit after automatic summarization")
          Clause.of("\\b(?:still )?above the token limit\\b", "above the token limit"),
          // an output budget that leaves the answer no room in the window (Continue's "maxTokens
          // (4096) is too close to contextLength (4096), which doesn't leave room for response")
          Clause.of(
              "does not leave (?:enough )?room for (?:the )?(?:response|answer|output)",
              "leave room",
              "leave enough room"),
          // a request longer than the model can process, in German and French ("überschreitet die
          // von dem Modell verarbeitbare Länge", "dépasse la longueur que le modèle peut traiter")
          Clause.of(
              "(?:überschreitet|übersteigt)[^\\n]{0,40}?(?:vom|von dem) modell[^\\n]{0,20}?länge"
                  + "|(?:dépasse|excède) la longueur (?:maximale )?(?:que le modèle|traitable par le modèle|autorisée par le modèle)",
              "überschreitet",
              "übersteigt",
              "dépasse",
              "excède"),
          // a message over its token or context limit, in Danish, Norwegian, Estonian, Hungarian,
          // Icelandic, Lithuanian, Latvian, Thai, Persian and Tibetan ("overskrider tokengrænsen",
          // "meghaladja a tokenkorlátot", "fara yfir hámark tóka")
          Clause.of(
              "(?:overskrider|overskrid|overstiger|overstig|meghaladja a|túllépi a|viršija|ületa\\S*|pārsniedz\\S*) (?:token\\S*|kontekst\\S*|märkide|tokenite|tokenų)\\s?(?:grænse|grense|grensa|korlát|limit|limii|piirang|vindu|ablak|ierobežojum)"
                  + "|tokenų skaičius per didel"
                  + "|token\\S* száma túl"
                  + "|hámark tóka"
                  + "|konteksta garum"
                  + "|เกินขีดจำกัดโทเค็น"
                  + "|จำนวนโทเค็น[^\\n]{0,30}?ยาวเกินไป"
                  + "|(?:melding\\S*|meddelelse\\S*|besked\\S*)[^\\n]{0,30}?for mange token"
                  + "|antallet af tokener[^\\n]{0,30}?for lang"
                  + "|توکن[^\\n]{0,30}?(?:بسیار طولانی|خیلی طولانی|از حد مجاز بیشتر)"
                  + "|превыша\\S* (?:ограничение|лимит) (?:по )?токен"
                  + "|བཀོལ་ཐོགས་ཀྱི་ཚད་བཀག་ལས་བརྒལ",
              "overskrid",
              "overstig",
              "meghaladja",
              "túllépi",
              "viršija",
              "ületa",
              "pārsniedz",
              "tokenų skaičius",
              "száma túl",
              "hámark tóka",
              "konteksta garum",
              "เกินขีดจำกัดโทเค็น",
              "ยาวเกินไป",
              "for mange token",
              "antallet af tokener",
              "توکن",
              "превыша",
              "བཀོལ་ཐོགས་ཀྱི་ཚད་བཀག་ལས་བརྒལ"),
          // llama.cpp's KV cache with no slot left for the batch, in LLamaSharp's words
          // ("llama_decode failed: 'NoKvSlot'"): the context is full
          Clause.literals("nokvslot"),
          // the context's length over its limit, in Chinese ("上下文长度超过限制。尝试弹出最早的记录然后重试")
          Clause.literals("上下文长度超过限制"),
          // a tool's result over the tokens an agent accepts from it ("MCP tool … response (37672
          // tokens) exceeds maximum allowed tokens (25000)")
          Clause.literals("exceeds maximum allowed tokens"),
          // a local runner's context named full ("Completion failed: Context is full")
          Clause.literals("context is full"),
          // tokens over the prompt tokens configured, a text longer than an embedding model's input
          // window ("48210 tokens exceed the configured max prompt tokens", "longer than the
          // 512-token input window")
          Clause.literals("max prompt tokens", "token input window"),
          // files too many to fit the context, a text longer than the model's maximum tokens, in
          // Korean and Persian ("컨텍스트에 모두 담을 수 없습니다", "طول متن از حداکثر توکن‌های مجاز مدل بیشتر
          // است")
          Clause.literals("컨텍스트에 모두 담을 수 없", "حداکثر توکن"),
          // a prompt's or a conversation's length over its limit, a bot's memory full, in Chinese,
          // Japanese, Korean and Spanish ("prompt 长度超出限制", "会話が長すぎて", "📚 기억 용량이 가득 찼어요", "¡Memoria
          // llena!")
          Clause.literals("长度超出限制", "会話が長すぎ", "記憶がいっぱい", "기억 용량이 가득", "memoria llena", "토큰 수가"),
          // a thread at its token limit ("Thread reached the token limit. Start a new thread")
          Clause.literals("reached the token limit"),
          // a request longer than the model can process, in Japanese, Polish, Dutch, German and
          // Arabic (Lobe's ExceededContextWindow: "Der aktuelle Anfrageinhalt überschreitet die
          // Länge, die das Modell verarbeiten kann")
          Clause.literals(
              "モデルが処理できる長さ",
              "przekracza długość",
              "contextvenster",
              "überschreitet die länge",
              "الطول الذي يمكن للنموذج",
              "max length of current question"),
          // …and in Swedish, Persian, Hindi, Japanese, Chinese and Thai ("Meddelandet du skickade
          // var för långt", "メッセージがトークンの上限を超えています")
          Clause.literals(
              "var för långt",
              "بیش از حد طولانی",
              "बहुत लंबी",
              "トークンの上限",
              "新しいセッション",
              "新的工作階段",
              "ข้อความของคุณจะเกิน"),
          // a conversation at its length, or one that must be started anew, as consumer apps word
          // it in their translations ("Inicia un nuevo chat para continuar", "对话长度已达上限，请开启新会话")
          Clause.literals(
              "nuevo chat",
              "nueva conversación",
              "longitud máxima",
              "nova conversa",
              "novo chat",
              "limite de tamanho desta conversa",
              "nouvelle conversation",
              "longueur maximale",
              "neue unterhaltung",
              "längenbeschränkung",
              "nuova chat",
              "nuova conversazione",
              "lunghezza massima",
              "nieuwe chat",
              "nieuw gesprek",
              "maximale lengte",
              "nowy czat",
              "nową rozmowę",
              "maksymalną długość",
              "yeni bir sohbet",
              "uzunluk sınırını",
              "новый чат",
              "новую беседу",
              "максимальной длины",
              "нову розмову",
              "ліміт довжини",
              "新对话",
              "新會話",
              "新会话",
              "新的對話",
              "新的聊天",
              "新聊天",
              "对话长度",
              "對話長度",
              "长度限制",
              "長度限制",
              "长度上限",
              "長度上限",
              "새 대화",
              "대화 길이",
              "길이 제한",
              "新しい会話",
              "ny konversation",
              "maxlängden",
              "percakapan baru",
              "batas panjang",
              "novou konverzaci",
              "νέα συνομιλία",
              "שיחה חדשה",
              "محادثة جديدة",
              "conversation has reached its limit"),
          // a request over what the model can take, or a message's tokens over their limit, in
          // Arabic and Czech ("يتجاوز محتوى الطلب الحالي الحد الأقصى الذي يمكن للنموذج معالجته",
          // "عدد الرموز في آخر رسالة طويل جداً", "Počet tokenů … přesahuje limit tokenů")
          Clause.of(
              "الحد الأقصى الذي يمكن للنموذج|عدد الرموز|počet tokenů|přesahuje limit tokenů",
              "الحد الأقصى",
              "عدد الرموز",
              "počet tokenů",
              "limit tokenů"),
          // a chat or a conversation at its length limit, or ended so that a new one must be
          // started, in English, Japanese and Korean ("Your message will exceed the length limit
          // for this chat", "この会話は長さの上限に到達しています", "메시지는 이 채팅의 한도를 초과")
          Clause.of(
              "\\blength limit for this chat\\b|\\bmaximum length for this conversation\\b"
                  + "|\\bstart(?:ing)? a new (?:chat|conversation)\\b|会話は長さの上限|채팅의 한도를 초과"
                  + "|新しいチャット(?:に切り替え|を始め|を開始)|새 채팅을 시작",
              "length limit for this chat",
              "maximum length for this conversation",
              "a new chat",
              "a new conversation",
              "会話は長さの上限",
              "채팅의 한도를 초과",
              "新しいチャット",
              "새 채팅을 시작"),
          // the subject and what it exceeds in one clause, not across a label's colon ("Failed to
          // generate commit message: Request too large" is the request's size) nor a sentence's
          // end ("Prompt sent. Request body exceeded the maximum size of 100 MiB")
          Clause.of(
              "\\b(?:context|prompt|input|message|messages|conversation|history)\\b(?:(?!: |\\. )[^\\n]){0,40}?"
                  + "\\b(?:too long|too large|too big|exceed\\w*|over the limit|limit exceeded"
                  + "|maximum length|max length)",
              "too long",
              "too large",
              "too big",
              "exceed",
              "over the limit",
              "maximum length",
              "max length"),
          // the input or conversation too long, the context window or token count exceeded, in the
          // corpus's languages
          Clause.of(
              "(?:對話|对话|輸入|输入|內容|内容|文本|提示|訊息|消息)[^\\n]{0,8}?(?:太長|太长|過長|过长)"
                  + "|長すぎ|너무 깁|너무 길|слишком длинн|контекстн|demasiado larg"
                  + "|\\blong[oa]s? demais\\b|muito long|trop long|zu lang\\b|troppo lung|çok uzun|quá dài"
                  + "|\\b(?:was|is|zijn|waren|werd|wordt) te lang\\b|\\b(?:zbyt|za) dług(?:a|i|ie)\\b"
                  + "|(?:задовг|занадто довг)(?:ий|а|е|им|ою|ого|і)(?![а-яіїєґ])|\\bprea lung"
                  + "|terlalu panjang|ventana de contexto|janela de contexto|fenêtre de contexte"
                  + "|kontextfenster|finestra di contesto|bağlam pencere|cửa sổ ngữ cảnh|jendela konteks"
                  + "|độ dài ngữ cảnh",
              "太長",
              "太长",
              "過長",
              "过长",
              "長すぎ",
              "너무 깁",
              "너무 길",
              "слишком длинн",
              "контекстн",
              "demasiado larg",
              "demais",
              "muito long",
              "trop long",
              "zu lang",
              "troppo lung",
              "çok uzun",
              "quá dài",
              "te lang",
              "dług",
              "задовг",
              "занадто довг",
              "prea lung",
              "terlalu panjang",
              "ventana de contexto",
              "janela de contexto",
              "fenêtre de contexte",
              "kontextfenster",
              "finestra di contesto",
              "bağlam pencere",
              "cửa sổ ngữ cảnh",
              "jendela konteks",
              "độ dài ngữ cảnh"),
          // a length or token count over the model's maximum, a history that does not fit the
          // context, in the corpus's languages
          Clause.of(
              "长度[^\\n]{0,40}?超过|超过[^\\n]{0,40}?最大长度|超過模型|長度[^\\n]{0,40}?超過|(?:token|令牌|字數"
                  + "|字数)[^\\n]{0,24}?(?:超過|超过|超出)|長くなりすぎ|トークン数[^\\n]{0,30}?超え|토큰 수[^\\n]{0,30}?초과"
                  + "|токен[^\\n]{0,40}?превыша|помещается в контекст|cabe en el contexto"
                  + "|cabe no contexto|caber no contexto|tient pas dans le contexte|longueur de contexte"
                  + "|passt nicht in den kontext|tokenanzahl|(?:tokens?|jetons?)\\b[^\\n]{0,40}?(?:überschreit"
                  + "|dépasse|excede|supera|превыша|aşıyor|vượt quá|melebihi)",
              "长度",
              "超过",
              "超過",
              "長度",
              "token",
              "令牌",
              "字數",
              "字数",
              "長くなりすぎ",
              "トークン数",
              "토큰 수",
              "токен",
              "помещается в контекст",
              "cabe en el contexto",
              "cabe no contexto",
              "caber no contexto",
              "tient pas dans le contexte",
              "longueur de contexte",
              "passt nicht in den kontext",
              "jeton"),
          // content over the length the model can handle, a context window or token limit reached,
          // in the corpus's languages
          Clause.of(
              "\\bexceeds the length\\b|처리할 수 있는 길이|コンテキストウィンドウ|上下文窗口|上下文視窗|컨텍스트 창|トークン制限|토큰 제한"
                  + "|權杖限制",
              "exceeds the length",
              "처리할 수 있는 길이",
              "コンテキストウィンドウ",
              "上下文窗口",
              "上下文視窗",
              "컨텍스트 창",
              "トークン制限",
              "토큰 제한",
              "權杖限制"),
          // a token limit hit (Aider's "Model gpt-4o has hit a token limit!")
          Clause.of("\\bhit (?:a|the) token limit\\b", "token limit"),
          // the context counted over the model's maximum ("However, your context resulted in 2300
          // tokens", as OpenAI words "your messages resulted in"), a server's out_of_context code,
          // a request over the length the model allows, in Russian ("Содержимое запроса превышает
          // допустимую длину модели")
          Clause.of(
              "\\byour (?:context|prompt|input) resulted in \\d[\\d,]* tokens\\b|\\bout_of_context(?:_|\\b)"
                  + "|превыша\\S* (?:максимально )?(?:допустимую|максимальную) длину",
              "resulted in",
              "out_of_context",
              "превыша"),
          // the length the model can handle, a maximum token limit, in the corpus's languages
          Clause.literals(
              "excede la longitud",
              "excède la longueur",
              "supera la lunghezza",
              "excede o comprimento",
              "превышает длину",
              "vượt quá độ dài",
              "token-limit",
              "límite máximo de tokens",
              "limite maximale de tokens",
              "limite massimo di token",
              "limite máximo de tokens",
              "batas maksimum token",
              "jeton sınırını",
              "giới hạn mã thông báo"),
          // an inference server that cannot fit the conversation (llama.cpp, LocalAI, ChatGPT
          // front-ends)
          Clause.of(
              "\\bout_of_context\\b|\\bconversation length limit\\b|\\binput length limit\\b|\\bunable to fit (?:the )?entire (?:input|prompt)\\b|\\bremoved by truncation\\b|\\bcontext shift is disabled\\b",
              "out_of_context",
              "conversation length",
              "input length limit",
              "unable to fit",
              "truncation",
              "context shift"),
          // a prediction that ran out of its context buffer (KoboldCpp), a text named too long by
          // its code (Copilot)
          Clause.of("\\bcontext buffer\\b|\\btext[-_]too[-_]long\\b", "context buffer", "too"));

  static final Words MODEL_HINTS =
      Words.of(
          // no provider, of a kind or at all, named available for the model ("No copilot provider
          // available: gemini-2.5-flash", "No allowed providers are available for the selected
          // model")
          Clause.of(
              "\\bno (?:[a-z]+ ){0,2}providers? (?:are |is )?available"
                  + "(?::| for (?:the |this )?(?:selected |requested )?model\\b)",
              "provider"),
          // a server with no model loaded, asked to load one ("API generation is not supported in
          // read-only mode; please load a model and then try again")
          Clause.literals("please load a model"),
          // no model matching the requested name was found ("404: No matching model found")
          Clause.of(
              "\\bno matching models? (?:was |were )?(?:found|available)\\b|\\bno models? (?:was |were )?found matching\\b",
              "no matching model",
              "found matching"),
          // a model not found for the API version, however the client printed its name ("gemini-pro
          // is not found for API version v1", "models_gemini-1.5-pro-latest is not found for API
          // version v1beta")
          Clause.of("\\bis not found for api version\\b", "not found for api version"),
          // a model/agent withdrawn, not available or not loaded ("该智能体已被下架", "\"gpt-4o\" is out
          // of service now", "Model not available", "模型无效")
          Clause.of(
              "已被下架|is out of service now|已停止(?:服务|服務)[^\\n]{0,12}?(?:切换|切換)模型|\\bmodel not available(?:\\.|$)|no model candidates available|模型(?:无效|無效)|ensure a [^\\n]{0,20}?model is loaded",
              "下架",
              "out of service",
              "停止",
              "model not available",
              "model candidates",
              "模型无效",
              "模型無效",
              "model is loaded"),
          // a model that cannot be resolved or none available ("Unable to resolve chat model", "No
          // language models available", "does not contain the model gpt-5")
          Clause.of(
              "\\bunable to resolve (?:the )?(?:[a-z]+ ){0,2}models?\\b|\\bno (?:available )?(?:[a-z-]+ ){0,2}models?(?: with [^\\n]{1,30}?)? (?:are )?available\\b|\\bno available (?:(?:chat|embeddings?|language|llm|text) )?models?\\b|\\bdoes not contain (?:the )?model\\b",
              "resolve",
              "available",
              "contain"),
          // a model the server will not give this caller, in the words that point to what it does
          // serve ("Unable to access model meta-llama/Llama-3-70b-chat. Please visit … to view the
          // list of supported models", "The model you are trying to use is not available. Please
          // download it", "The model you picked has been sunset", "unknown deployment
          // 'gpt4o-eastus'", "Cannot determine model provider from model ID", "No embedding models
          // are currently loaded")
          Clause.of(
              "\\bunable to access (?:the )?model\\b|\\bmodel you (?:are trying to use|picked|selected|requested|chose) (?:is not available|is no longer available|has been sunset|was sunset|is not supported)\\b|\\bunknown deployment\\b|\\bcannot determine (?:the )?model provider\\b|\\bno (?:[a-z-]+ ){0,2}models? (?:are|is) (?:currently )?loaded\\b",
              "unable to access",
              "model you",
              "unknown deployment",
              "determine",
              "loaded"),
          // a bare "no model found / no models are available" ("No models are available", "No
          // model found")
          Clause.of("(?m:^no models? (?:are |is )?(?:available|found)\\.?$)", "no model"),
          // an adapter or model not found where it is served ("An adapter with the ID
          // \"my-adapter/3\" cannot be found", "No locally hosted model was found.", "doesn't have
          // the model 'BAAI/bge-large-xx' deployed")
          Clause.of(
              "\\badapter with the id [^\\n]{1,80}? (?:cannot|could not) be found\\b|\\bno locally hosted [^\\n]{1,80}? was found\\b|\\bdoes not have the model [^\\n]{1,80}? deployed\\b",
              "adapter with the id",
              "locally hosted",
              "have the model"),
          // no default or configured model to use ("ERROR: couldn't load default model gpt-4o",
          // "No default model or custom model configured for project", "Default evaluation model
          // missing")
          Clause.of(
              "\\b(?:could not|cannot|unable to) load (?:the )?default model\\b|\\bno default (?:[a-z]+ ){0,2}model(?: or custom model)? (?:is )?configured\\b|\\bdefault (?:[a-z]+ )?model missing\\b|\\bno valid (?:llm )?model found for (?:this|the|your) (?:project|workspace|organization)\\b|\\bunknown (?:[a-z-]+ )?provider: [^\\n]{1,40}?\\. supported providers\\b",
              "default model",
              "default evaluation model",
              "model found for",
              "supported providers"),
          // no model loaded to answer with, in English, Italian, Romanian and Chinese ("Attempted
          // to prompt an unloaded model.", "Non è possibile ripetere la risposta senza un modello
          // caricato.", "未加载模型时无法重新生成回复。")
          Clause.of(
              "\\b(?:an|the) unloaded model\\b|\\bwithout (?:a|any) loaded model\\b|senza (?:un|alcun) modello caricato|fără (?:un|niciun) model [îi]ncărcat|未加载模型时|未載入模型時|\\bno tokenizer (?:is )?loaded\\b|\\bplease download the model first\\b",
              "loaded model",
              "modello caricato",
              "ncărcat",
              "未加载模型",
              "未載入模型",
              "tokenizer",
              "download the model first"),
          // a model's path or file that cannot be found or reached, in English, Chinese, Turkish
          // and Russian ("Invalid or inaccessible model path", "模型路径无效或无法访问", "Не удалось найти
          // файл модели")
          Clause.of(
              "\\b(?:invalid|inaccessible) or (?:invalid|inaccessible) model path\\b|模型路径无效|模型路徑無效|\\bgeçersiz ya da erişilemez model yolu\\b|\\bmodel file (?:could not|cannot) be found\\b|не удалось найти файл модели",
              "model path",
              "模型路径",
              "模型路徑",
              "model yolu",
              "model file",
              "файл модели"),
          // no running session for the model named ("No running session found for model:
          // llama3.1:8b", "No active session found for model", "No running MLX session found for
          // model")
          Clause.of(
              "\\bno (?:running|active|loaded)(?: [a-z]{2,10})? session (?:was )?found for (?:the )?model\\b",
              "session found for",
              "session was found for"),
          // a deployment name the endpoint did not accept ("Azure did not accept the deployment
          // \"gpt-4o\" on Chat Completions. Check the deployment name.")
          Clause.of(
              "\\bdid not accept the deployment\\b|\\bcheck the deployment name\\b",
              "the deployment"),
          // a model named not valid for chat completion ("gpt-4o is not valid for chat
          // completion!", "llama3.1:8b is not valid or defined model for chat completion!")
          Clause.of(
              "\\bis not valid (?:or defined model )?for (?:chat )?completions?\\b",
              "for chat completion",
              "for completion"),
          // a LoRA adapter or a backend not loaded or found by a local server ("No adapter found
          // for /models/my-lora", "Got LoRA adapter that has never been loaded", "no backends
          // found")
          Clause.of(
              "\\bno adapter found for\\b|\\badapter that has never been loaded\\b|\\bno backends found\\b|\\bbackend not in (?:the )?asset dir\\b",
              "adapter",
              "no backends found",
              "asset dir"),
          // a model not found, not running or to be looked up by name ("Please check the model
          // name", "No running deployment found for model …", "model name=llama3.1:8b is not
          // running")
          Clause.of(
              "\\bcheck (?:the|your) model names?\\b|\\bcheck your config[^\\n]{0,30}?model names?\\b|\\bmodel is not selected\\b|\\bto list (?:the )?available models\\b|\\bno models available\\b|\\bfailed to select model\\b|\\bmodel (?:name=)?\\S{1,80} is not running\\b|\\bno running deployment found for model\\b|\\bcould not get model info\\b",
              "model name",
              "model is not selected",
              "available models",
              "models available",
              "failed to select model",
              "is not running",
              "deployment found for model",
              "get model info"),
          // a named model unavailable with advice to switch to another model, in 10 languages
          // ("The model minimax/minimax-m2:free is unavailable. Change to a different model", "Het
          // model … is niet beschikbaar. Verander naar een ander model")
          Clause.of(
              "\\bthe model \\S{1,80} is unavailable\\. change to a different model\\b|\\bdas modell \\S{1,80} ist nicht verfügbar\\. wechsle zu einem anderen modell\\b|\\bel modelo \\S{1,80} no está disponible\\. cambia a un modelo diferente\\b|\\ble modèle \\S{1,80} n'est pas disponible\\. changez vers un modèle différent\\b|\\bmodel \\S{1,80} tidak tersedia\\. ganti ke model lain\\b|\\bil modello \\S{1,80} non è disponibile\\. cambia a un modello diverso\\b|\\bhet model \\S{1,80} is niet beschikbaar\\. verander naar een ander model\\b|\\bmodel \\S{1,80} jest niedostępny\\. zmień na inny model\\b|\\bo modelo \\S{1,80} não está disponível\\. mude para um modelo diferente\\b|\\b\\S{1,80} modeli kullanılamıyor\\. devam etmek için farklı bir model seçin\\b",
              "different model",
              "anderen modell",
              "modelo diferente",
              "modèle différent",
              "model lain",
              "modello diverso",
              "ander model",
              "inny model",
              "farklı bir model"),
          // a model's alpha or beta period ended, in English, German, Spanish, French, Italian,
          // Dutch, Polish, Portuguese, Indonesian and Turkish ("The alpha period for
          // x-ai/grok-code-fast-1 has ended!", "Die Alpha-Phase für … ist beendet", "alfa dönemi
          // sona erdi")
          Clause.of(
              "\\b(?:alpha|beta|preview) period for \\S{1,80} has ended\\b|\\b(?:alpha|beta)-phase für \\S{1,80} ist beendet\\b|\\bperíodo (?:alfa|beta) para \\S{1,80} (?:ha terminado|terminou)\\b|\\bpériode (?:alpha|bêta) pour \\S{1,80} est terminée\\b|\\bperiode (?:alpha|beta) untuk \\S{1,80} telah berakhir\\b|\\bperiodo (?:alpha|beta) per \\S{1,80} è terminato\\b|\\b(?:alfa|bèta|beta)periode voor \\S{1,80} is beëindigd\\b|\\bokres (?:alfa|beta) dla \\S{1,80} się zakończył|\\biçin (?:alfa|beta) dönemi sona erdi\\b",
              "period for",
              "-phase für",
              "período",
              "période",
              "periode",
              "periodo",
              "okres",
              "dönemi sona erdi"),
          // a named model not supported, in Danish, Norwegian, Polish, Arabic, Korean, Turkish and
          // Chinese ("Model gpt-4o understøttes ikke", "النموذج gpt-4o غير مدعوم", "gpt-4o modeli
          // desteklenmiyor")
          Clause.of(
              "\\bmodell?(?:en)? \\S{1,80} (?:understøttes|støttes) ikke\\b|\\bmodellen \\S{1,80} stöds inte\\b|\\bmodel \\S{1,80} nie jest obsługiwany\\b|النموذج \\S{1,80} غير مدعوم|\\S{1,80} 모델은[^\\n]{0,30}?지원되지 않습니다|\\S{1,80} modeli[^\\n]{0,30}?desteklenmiyor|模型 ?\\S{1,80} ?不(?:支援|支持)(?:格式|该格式|此格式)|\\bmodell \\S{1,80} wird nicht unterstützt\\b|\\bmodel \\S{1,80} wordt niet ondersteund\\b|модель \\S{1,80} не поддерживается|модель \\S{1,80} не підтримується|\\bmodel \\S{1,80} není podporován\\b",
              "støttes ikke",
              "stöds inte",
              "nie jest obsługiwany",
              "غير مدعوم",
              "지원되지 않습니다",
              "desteklenmiyor",
              "不支援",
              "不支持",
              "wird nicht unterstützt",
              "wordt niet ondersteund",
              "не поддерживается",
              "не підтримується",
              "není podporován"),
          // no model loaded or found by a local server, a model not in the account's list (LM
          // Studio's "No models are currently loaded", "No model found that matches model key",
          // Codex's "does not appear in the list of models available to your account")
          Clause.of(
              "\\bno models? (?:are |is )?(?:currently )?loaded\\b|\\bno loaded model\\b|\\bno model found (?:that matches|with|for)\\b|\\bmodel has already been unloaded\\b|\\bdoes not appear in the list of models\\b",
              "loaded",
              "no model found",
              "list of models"),
          // a model that does not exist or cannot be found, in Bulgarian, Persian, Arabic and
          // Portuguese ("не можем да намерим съответния модел", "مدل وجود نداشته باشد", "modelo não
          // existir")
          Clause.of(
              "не (?:можем|може|успяхме|успя) да намер\\S*[^\\n]{0,30}?модел"
                  + "|модел(?:ът)?[^\\n]{0,30}?(?:не е намерен|не съществува|не може да бъде намерен)"
                  + "|مدل[^\\n]{0,30}?وجود (?:نداشته باشد|ندارد)"
                  + "|النموذج[^\\n]{0,20}?غير موجود"
                  + "|\\bmodelo (?:não existir|inexistente)\\b",
              "намер",
              "не съществува",
              "وجود ند",
              "غير موجود",
              "modelo "),
          // a page or resource not found or removed for good, in Chinese, Japanese and Korean
          // ("服务器找不到您请求的页面或资源", "资源已被永久移除", "ページやリソースを見つけることができません")
          Clause.of(
              "(?:找不到|无法找到|未找到)您?请求的(?:页面|资源)|(?:资源|資源)已被永久(?:移除|删除|刪除)|(?:ページ|リソース)[^\\n]{0,12}?見つけることができません|(?:리소스|페이지)[^\\n]{0,20}?영구적으로 (?:제거|삭제)",
              "请求的",
              "永久",
              "見つけることができません",
              "영구적으로"),
          // a page or resource the server cannot find or has removed for good, in Dutch, Turkish,
          // Spanish, Portuguese, Polish and Vietnamese ("pagina of bron niet vinden", "kaynak
          // kalıcı olarak kaldırıldı ve bulunamıyor", "zasób został trwale usunięty")
          Clause.of(
              "(?:pagina|bron)[^\\n]{0,40}?(?:niet (?:vinden|gevonden)|kan niet worden gevonden|permanent verwijderd)"
                  + "|(?:sayfa|kayna[kğ])[^\\n]{0,40}?(?:bulamıyor|bulunamıyor|bulunamadı|kalıcı olarak kaldırıldı)"
                  + "|(?:recurso|zasób)[^\\n]{0,40}?(?:eliminado permanentemente|permanentemente (?:eliminado|removido)|removido permanentemente|não pode ser encontrad|no se (?:puede )?encontr|trwale usunięty|nie można (?:go )?(?:odnaleźć|znaleźć))"
                  + "|tài nguyên[^\\n]{0,40}?(?:bị xóa vĩnh viễn|không thể tìm thấy)",
              "pagina",
              "bron",
              "sayfa",
              "kayna",
              "recurso",
              "zasób",
              "tài nguyên"),
          // a page or resource the server cannot find or has removed for good, in Bulgarian,
          // Russian, Persian and Arabic ("не може да намери страницата или ресурса", "ресурс был
          // удален навсегда и не может быть найден", "منبع درخواستی شما را پیدا نکرد")
          Clause.of(
              "не (?:може|можем|успя)(?: да)? (?:намери|намерим)[^\\n]{0,40}?(?:страница|ресурс)"
                  + "|(?:ресурсът|страницата)[^\\n]{0,40}?(?:не може да бъде намерен|не е намерен|премахнат за постоянно)"
                  + "|не (?:может|удалось|смог) найти[^\\n]{0,40}?(?:страниц|ресурс)"
                  + "|ресурс[^\\n]{0,40}?(?:не может быть найден|удален навсегда)"
                  + "|(?:صفحه|منبع)[^\\n]{0,40}?(?:را پیدا نکرد|پیدا نشد|قابل یافتن نیست)"
                  + "|منبع[^\\n]{0,40}?به طور دائم حذف شده"
                  + "|المورد[^\\n]{0,50}?(?:لا يمكن العثور عليه|لم يتم العثور عليه)"
                  + "|(?:إزالة|حذف) المورد",
              "намер",
              "премахнат за постоянно",
              "найти",
              "не может быть найден",
              "удален навсегда",
              "پیدا",
              "قابل یافتن نیست",
              "به طور دائم حذف شده",
              "العثور",
              "المورد"),
          // no available channel for a model in a group, in Traditional Chinese, Japanese and
          // Vietnamese ("無可用管道", "利用可能なチャンネルがありません", "Không có kênh khả dụng")
          Clause.of(
              "無可用(?:管道|渠道|通道)|利用可能なチャンネルがありません|không có kênh (?:nào )?khả dụng",
              "無可用",
              "利用可能なチャンネルがありません",
              "không có kênh"),
          // a named model not available, the sentence ending there, in German, Spanish, French,
          // Italian, Dutch, Portuguese, Indonesian, Polish and Turkish ("Das Modell
          // minimax/minimax-m2:free ist nicht verfügbar.", "El modelo … no está disponible.",
          // "… modeli kullanılamıyor"); not one named not available to you, for a plan or in a
          // region (the sentence goes on)
          Clause.of(
              "(?:\\bdas modell|\\bel modelo|\\ble modèle|\\bil modello|\\bhet model|\\bo modelo"
                  + "|\\bmodel) [`'\"]?[\\w./:@-]{1,80}[`'\"]? (?:ist nicht verfügbar|no está disponible"
                  + "|n'est pas disponible|non è disponibile|is niet beschikbaar|não está disponível"
                  + "|tidak tersedia|jest niedostępny)(?=\\s*(?:[.!:;]|$))"
                  + "|\\S+ modeli kullanılamıyor(?=\\s*(?:[.!:;]|$))",
              "nicht verfügbar",
              "no está disponible",
              "pas disponible",
              "non è disponibile",
              "niet beschikbaar",
              "não está disponível",
              "tidak tersedia",
              "niedostępny",
              "kullanılamıyor"),
          // a named model not available for a provider, in English, German, French, Italian,
          // Portuguese, Norwegian, Icelandic, Lithuanian, Latvian, Russian, Ukrainian, Turkish,
          // Persian, Japanese and Chinese ("The model \"gpt-4o\" is not available for Azure
          // OpenAI", "Modellen \"gpt-4o\" er ikke tilgjengelig for", "模型 “gpt-4o” 不可用于")
          Clause.of(
              "\\bmodel\\b[^\\n]{0,40}?\\bis not available for (?!your\\b|you\\b|free\\b|personal\\b|individual\\b|this (?:account|plan|key|region|tier|organization)\\b)"
                  + "|modell[^\\n]{0,40}?ist für (?!dein|ihr|sie\\b|euch|dich)[^\\n]{0,30}?nicht verfügbar"
                  + "|modèle[^\\n]{0,40}?n['’]est pas disponible pour (?!vous|votre|ton|ta|les utilisateurs)"
                  + "|modello[^\\n]{0,40}?non è disponibile per (?!te\\b|il tuo|la tua|tu\\b|gli utenti)"
                  + "|modelo[^\\n]{0,40}?n(?:ão|o) está disponível para (?!você|o seu|a sua|sua\\b|seu\\b|os utilizadores|usuários)"
                  + "|modelo[^\\n]{0,40}?no está disponible para (?!ti\\b|usted|tu\\b|su\\b)"
                  + "|modellen[^\\n]{0,40}?er ikk(?:e|je) tilgjengel\\S* for (?!deg|din|ditt|dykk)"
                  + "|líkanið[^\\n]{0,40}?er ekki í boði fyrir (?!þig|þinn|þína)"
                  + "|modelis\\s*[„\\\"“'«][^\\n]{1,60}?[\\\"“”'»]\\s*(?:nepasiekiamas|nav pieejams) (?!jūsų|jums|jūsu)"
                  + "|модель\\s*[«\\\"“„'][^\\n]{1,60}?[»\\\"”“']\\s*(?:не ?доступна|недоступна) для (?!вас|вашего|вашей|вашого|вашої)"
                  + "|modeli\\s[^\\n]{0,40}?için mevcut değil"
                  + "|مدل\\s*[\\\"“«][^\\n]{1,60}?[\\\"”»]\\s*برای (?!شما)[^\\n]{0,30}?در دسترس نیست"
                  + "|[a-z0-9)]にモデル[^\\n]{0,40}?はご利用いただけません"
                  + "|模型\\s*[“\\\"「][^\\n]{1,60}?[”\\\"」]\\s*不可用于(?!您|你)",
              "is not available for",
              "nicht verfügbar",
              "est pas disponible pour",
              "non è disponibile per",
              "está disponível para",
              "está disponible para",
              "tilgjengel",
              "er ekki í boði fyrir",
              "nepasiekiamas",
              "nav pieejams",
              "доступна для",
              "için mevcut değil",
              "در دسترس نیست",
              "はご利用いただけません",
              "不可用于"),
          // a model named unavailable in Dutch ("Het opgegeven model is niet beschikbaar"), no
          // deployment or model matching what was asked (SAP's "No deployment found with:
          // deployment.model_name == gpt-4o", LM Studio's noModelMatchingQuery)
          Clause.literals("model is niet beschikbaar", "no deployment found", "no model matching"),
          // a model no provider maps to, an endpoint a name could not be resolved to, a connection
          // the query names that cannot be found ("No provider mapping found for model", "could not
          // be resolved to any serving endpoint", "Cannot find connection acme-dwh.eu.vertex_conn")
          Clause.literals(
              "no provider mapping found",
              "resolved to any serving endpoint",
              "cannot find connection"),
          // a deployment that cannot be found in Korean ("배포 'chat-prod-kr'를 찾을 수 없습니다"); a model
          // or a deployment that does not exist or was not found, in Malay, Persian and Ukrainian
          // ("Model yang dipilih tidak wujud", "مدل انتخاب‌شده یافت نشد", "розгортання «gpt4o-prod»
          // не існує")
          Clause.of(
              "배포[^\\n]{0,40}?찾을 수 없|\\bmodel\\b[^\\n]{0,40}?tidak wujud|مدل[^\\n]{0,30}?یافت نشد|розгортання[^\\n]{0,40}?не існує",
              "배포",
              "tidak wujud",
              "یافت نشد",
              "не існує"),
          // a resource Google's APIs name not found, its kind after the colon ("Not found:
          // Connection explore_assistant_llm", "Not found: Dataset …")
          Clause.of(
              "\\bnot found: (?:connection|dataset|table|model|project|resource|endpoint|job|bucket|deployment)\\b",
              "not found:"),
          // an API endpoint named wrong, in Korean, Japanese and English ("잘못된 API 엔드포인트입니다",
          // "Invalid API endpoint"), no model that serves the request ("No models found that
          // support
          // text_generation")
          Clause.literals(
              "잘못된 api 엔드포인트", "無効なapiエンドポイント", "invalid api endpoint", "no models found"),
          // Anthropic's not_found_error, whose whole message is the model ("model:
          // claude-3-5-sonnet-20240229")
          Clause.of("(?m)^\\s*model: [\\w./:@-]+\\s*$", "model: "),
          Clause.of(
              "\\bmodel\\b[^\\n]{0,60}?\\b(?:not found|unknown(?! error)|does not exist"
                  + "|not supported|unsupported|no longer (?:available|supported))\\b"
                  + "|\\b(?:unknown|unsupported) model\\b|\\bnot a (?:known|valid|supported) model\\b"
                  // …or the task, file, page, endpoint or deployment asked for (A2A's -32001 "Task
                  // not found", a 404 page's "File Not Found")
                  + "|\\b(?:task|file|page|resource|endpoint|route|path|url|deployment)s? not found\\b"
                  // …or no provider serving it ("No active provider found for the model"), the
                  // model named unavailable in Hebrew ("המודל … אינו זמין"), a provider not
                  // available in Latvian ("pakalpojumu sniedzējs nav pieejams")
                  + "|\\bno (?:active )?providers? (?:found )?for (?:the |this )?model\\b"
                  + "|המודל[^\\n]{0,40}?אינו זמין|sniedzējs nav pieejams"
                  // …in Japanese ("コンテンツが見つかりませんでした")
                  + "|(?:コンテンツ|リソース|ページ|ファイル)が見つかりません",
              "が見つかりません",
              "no active provider",
              "no provider",
              "אינו זמין",
              "nav pieejams",
              "not a ",
              "not found",
              "unknown",
              "exist",
              "supported",
              "no longer"),
          Clause.of(
              "(?:找不到|未找到)[^\\n]{0,40}?(?:模型|模組)|(?:模型|モデル|모델|модел)[^\\n]{0,60}?(?:不存在|找不到|未找到|不支持|見つかりません|見つからない|存在しません|存在しない|サポートされていません"
                  + "|찾을 수 없|존재하지|не найден|не существует|не поддерживается)",
              "模型",
              "モデル",
              "모델",
              "модел"),
          // a model or endpoint named absent or unsupported, in the corpus's Latin-script languages
          // (its id, however long, not counted in the words between)
          Clause.of(
              "\\b(?:modelo|modèle|modell|modello|model|mô hình)\\b(?: [\\w./:@-]{1,80})?[^\\n]{0,40}?(?:no existe"
                  + "|não existe|n'existe pas|existiert nicht|non esiste|niet bestaat|bestaat niet|no compatible|no soportado"
                  + "|não suportado|non pris en charge|nicht unterstützt|non supportato|desteklenmiyor"
                  + "|bulunamadı|mevcut değil|không tồn tại|không được hỗ trợ|tidak ditemukan"
                  + "|tidak didukung|tidak ada|no encontrado|não encontrado|introuvable|nicht gefunden"
                  + "|non trovato)|(?:nicht unterstützte?s?|desteklenmeyen) modell?"
                  + "|không tìm thấy mô hình",
              "modèle",
              "model",
              "mô hình"),
          // an endpoint named absent, in the corpus's languages
          Clause.of(
              "(?:接口地址|端點|端点|エンドポイント|엔드포인트|эндпоинт|endpoint|endpunkt|point de terminaison|uç nokta"
                  + "|điểm cuối)[^\\n]{0,30}?(?:不存在|找不到|未找到|見つかりません|찾을 수 없|не найден|no se encontr"
                  + "|não encontrad|introuvable|nicht gefunden|bulunamadı|không tìm thấy|tidak ditemukan"
                  + "|non trovat|not found)|(?:找不到|未找到|no se encontró el"
                  + "|không tìm thấy)[^\\n]{0,12}?(?:接口|端點|端点|endpoint|điểm cuối)",
              "接口地址",
              "端點",
              "端点",
              "エンドポイント",
              "엔드포인트",
              "эндпоинт",
              "endpoint",
              "endpunkt",
              "point de terminaison",
              "uç nokta",
              "điểm cuối"),
          // a model named taken offline, disabled or deprecated, in Chinese, Japanese and Korean
          Clause.of(
              "(?:模型|モデル|모델)[^\\n]{0,40}?(?:已停用|已下线|已下線|已下架|已弃用|已棄用|已废弃|已廢棄|提供を終了|廃止|지원 종료|서비스 종료)",
              "模型",
              "モデル",
              "모델"),
          // a page or resource named not found; a model not found before its name, in Chinese
          Clause.of(
              "\\bcannot find the (?:page|resource)\\b|\\bresource you requested\\b|(?:找不到|無法找到"
                  + "|未找到)您?請求的(?:頁面|資源)|(?:未找到|找不到|不支持|不支援)[^\\n]{0,20}?(?:模型|モデル)",
              "cannot find the",
              "resource you requested",
              "請求的",
              "未找到",
              "找不到",
              "不支持",
              "不支援"),
          // a specified model not available, in English, Chinese and Japanese
          Clause.of(
              "\\bspecified model is not available\\b|指定的模型不可用|指定されたモデルは利用できません",
              "specified model",
              "指定"),
          // a page or resource not found, a model discontinued or not found, in the corpus's
          // languages
          Clause.literals(
              "fue retirado",
              "ya no está disponible",
              "seite oder ressource",
              "página o recurso",
              "page ou la ressource",
              "página ou recurso",
              "pagina o la risorsa",
              "descontinuado",
              "ngừng hoạt động",
              "modeli bulunamadı"),
          // a resource named as not existing (Bedrock Agents "Failed to retrieve resource because
          // it doesn't exist")
          Clause.of("\\bresource\\b[^\\n]{0,40}?does not exist\\b", "exist"),
          // a resource, a model or a deployment named not found ("The resource you are requesting
          // could not be found", "The model you requested could not be found")
          Clause.of(
              "\\b(?:resource|model|deployment)\\b[^\\n]{0,40}?\\b(?:could not|cannot) be found\\b",
              "found"),
          // a provider, router, channel, endpoint or adapter the gateway or server does not know
          // (LiteLLM, Portkey, one-api, vLLM LoRA)
          Clause.of(
              "\\b(?:provider|router|channel|endpoint|route|group|lora|adapter)\\b[^\\n]{0,40}?\\b(?:not found|does not exist)\\b|\\bunknown (?:lora|adapter|provider|endpoint|logical model)\\b",
              "not found",
              "unknown"),
          // no provider, endpoint or channel serves the model
          Clause.of(
              "\\bno (?:providers?|endpoints?|channels?|routes?) (?:is |are )?(?:available|found)\\b|\\bno available (?:models?|channels?|providers?)\\b",
              "available",
              "found"),
          // a model, or its adaptor, named not found (one-api's "cannot found vertex chat adaptor
          // for
          // model gemini-3.1-pro-preview", "could not find model llama3")
          Clause.of(
              "\\b(?:cannot|could not|unable to) (?:find|found)\\b[^\\n]{0,60}?\\bmodel\\b",
              "find",
              "found"),
          // a model no channel or provider of a relay serves, a model withdrawn, a route unknown
          // ("model … is not configured on any channel of this relay", "No provider configured for
          // model", "模型 … 未在任何渠道中配置", "Модель claude-2 снята с поддержки", Cloudflare's
          // "Could not route to /client/v4/accounts/…")
          Clause.literals(
              "on any channel",
              "no provider configured",
              "未在任何渠道",
              "снята с поддержки",
              "could not route to"),
          // an editor's language model named unavailable, as a line of its own (Positron's
          // "Language model unavailable")
          Clause.of("(?m)^language model unavailable\\.?$", "language model unavailable"),
          // a path the server has no route for (Express's "Cannot POST /v1/chat/completions")
          Clause.of("(?m)^cannot (?:get|post|put|delete) /", "cannot "),
          // a base URL missing its API path (Continue's "you forgot to add '/v1' to the end of your
          // 'apiBase'"): the endpoint asked for does not exist
          Clause.literals("add '/v1'", "add \"/v1\"", "add /v1"));

  // A sign-in to renew or a key refused, in an app's plain words with no key noun the auth rows
  // read (row in_band.signin_words): re-authenticate, sign in again, signed out, a login expired or
  // to run ("Run `warp login`", "gh auth login", "have you run firebase login?"), a token that is
  // no longer valid, was improper or not supplied, a session no longer valid, a key refused or not
  // validated, a secret missing from the keyring, no credential sources found, an identity not
  // confirmed, Slack's not_authed, an access token that could not be refreshed, a CLI's own auth
  // command to run ("Please run k8sgpt auth").
  static final Words SIGNIN_HINTS =
      Words.of(
          // a sign-in to the account that was wrong, in Russian ("Бот недоступен из-за
          // неправильного
          // входа в аккаунт")
          Clause.literals("неправильного входа"),
          // no refresh or access token available ("no refresh token available")
          Clause.of(
              "\\bno (?:valid )?(?:refresh|access) token (?:is )?(?:available|found|provided|present)\\b",
              "refresh token",
              "access token"),
          // an authentication error, in Chinese and Norwegian/Danish ("LLM 認證錯誤", "Feil ved
          // autentisering med LLM-leverandøren")
          Clause.of(
              "認證錯誤|认证错误|驗證錯誤|验证错误|(?:feil|fejl) ved autentisering|autentisering(?:en)? (?:feilet|mislyktes|fejlede|mislykkedes)",
              "認證錯誤",
              "认证错误",
              "驗證錯誤",
              "验证错误",
              "autentisering"),
          // the environment variables a model's keys are read from, missing ("Warning: gpt-4o
          // expects these environment variables")
          Clause.of(
              "\\b(?:expects|requires|missing) these environment variables\\b",
              "these environment variables"),
          // your key or token empty or not correct ("Your \"PREDIBASE_API_TOKEN\" is empty", "Your
          // \"PREDIBASE_API_TOKEN\" is not correct")
          Clause.of(
              "\\byour [`'\\\"]?[a-z0-9_]*(?:api[_ ]?token|api[_ ]?key|_token|access token)[`'\\\"]? is (?:empty|not correct|incorrect|invalid|not valid|wrong)\\b",
              "token",
              "api_key",
              "api key",
              "apikey"),
          // set a key or token environment variable ("Please set the REPLICATE_API_TOKEN", "Set
          // `CLARIFAI_PAT` as env variable", "Set the `SNOWFLAKE_TOKEN` environment variable")
          Clause.of(
              "\\bset (?:the |your )?[`'\\\"]?[a-z0-9]+(?:_[a-z0-9]+)*_(?:api_?key|api_?token|token|pat|access_key|secret_key|auth_data)[`'\\\"]?(?![a-z0-9_])",
              "_api",
              "_token",
              "_pat",
              "_access_key",
              "_secret_key",
              "_auth_data"),
          // a key, token or credential that must be provided ("You must provide an API token to
          // use OctoAI", "You must provide an AUTH DATA to use GigaChat", "You must provide an
          // credential")
          Clause.of(
              "\\byou must provide (?:an? |your )?(?:api[ _]?(?:key|token)|credentials?|auth(?:entication)? (?:data|token|key)|access token|token|personal access token)\\b",
              "you must provide"),
          // a password, username, key or token not found in arguments or environment ("Did not
          // find password, please add an environment variable", "Did not find username")
          Clause.of(
              "\\bdid not find (?:an? |the |your )?[`'\\\"]?(?:password|username|api[_ ]?key|api[_ ]?token|access[_ ]?token|token|credentials?|secret(?:[_ ]key)?)\\b",
              "did not find"),
          // an LLM connection (the provider key) missing ("no LLM connection found for the
          // provider", "LLM connection missing")
          Clause.of(
              "\\bno llm connection (?:found|configured)\\b|\\bllm connection (?:is )?(?:missing|not found|not configured)\\b",
              "llm connection"),
          // a stored credential disconnected or to reconnect ("Databricks credential needs to be
          // reconnected", "Databricks credential is not connected")
          Clause.of(
              "\\bcredentials? (?:needs? to be reconnected|(?:is|are) not connected|(?:is|are|was|were|has been|have been) disconnected)\\b",
              "credential"),
          // a session token not found, invalid or expired ("Session token not found or invalid")
          Clause.of(
              "\\bsession (?:token|cookie)s? (?:was |is )?(?:not found|invalid|expired|missing)\\b",
              "session token",
              "session cookie"),
          // a token or key environment variable not set, empty or not found ("GITHUB_COPILOT_TOKEN
          // environment variable not found", "GITHUB_TOKEN environment variable is not set.")
          Clause.of(
              "(?:token|api_?key|_pat|secret|password)[`'\\\"]? (?:env(?:ironment)? var(?:iable)?) (?:is )?(?:not (?:found|set|defined|provided)|empty|missing|unset)\\b",
              "env var",
              "environment var"),
          // an access token that could not be obtained ("failed to get access token after 3
          // attempts")
          Clause.of(
              "\\b(?:failed|unable) to (?:get|obtain|fetch|acquire|retrieve|refresh) (?:an? |the )?(?:oauth )?access token\\b|\\bcould not (?:get|obtain|fetch|acquire|retrieve|refresh) (?:an? |the )?(?:oauth )?access token\\b",
              "access token"),
          // an access or API token not available or unreadable, or a CLI auth command to run
          // ("access token is not available", "Unexpected error parsing api_token", "Missing
          // GitHub Copilot token. Run `kilocode auth` to authenticate")
          Clause.of(
              "\\baccess token is not available\\b|\\bunable to handle auth\\b|\\berror parsing (?:the )?api[_ ]token\\b|\\brequired token fields were not (?:detected|found)\\b|\\bmissing [a-z0-9 ._-]{1,30}? token\\. run [`'\"]?[a-z0-9_.-]+ auth(?: login)?[`'\"]? to authenticate\\b",
              "access token is not available",
              "unable to handle auth",
              "api_token",
              "api token",
              "token fields",
              "to authenticate"),
          // a client whose passkey or identifier failed validation ("Failed to validate client:
          // Invalid client passkey for client", "Invalid client identifier")
          Clause.of(
              "\\bfailed to validate (?:the )?client\\b|\\binvalid client (?:passkey|identifier)\\b",
              "validate client",
              "validate the client",
              "invalid client passkey",
              "invalid client identifier"),
          // sign in or create an account to get access, in Polish ("Zaloguj się lub utwórz konto,
          // aby uzyskać dostęp do ponad 500 modeli")
          Clause.of("zaloguj się lub (?:utwórz|załóż) konto", "zaloguj się lub"),
          // a provider that requires cloud authentication, in Arabic, Czech, Swedish and Ukrainian
          // ("يتطلب موفر Roo المصادقة السحابية", "Roo-leverantören kräver autentisering mot
          // molnet", "Провайдер Roo вимагає автентифікації в хмарі")
          Clause.of(
              "\\brequires cloud authentication\\b|المصادقة السحابية|vyžaduje cloudovou autentizaci|kräver autentisering mot molnet|вимагає автентифікації в хмарі|требует (?:облачной аутентификации|аутентификации в облаке)",
              "cloud authentication",
              "المصادقة السحابية",
              "cloudovou autentizaci",
              "autentisering mot molnet",
              "автентифікації в хмарі",
              "облачной аутентификации",
              "аутентификации в облаке"),
          // you must sign in to use a model or app, in 11 languages, with or without the comma
          // before the clause ("Du musst dich anmelden, um das … Modell zu nutzen", "Tu dois te
          // connecter pour utiliser le modèle", "Musisz się zalogować aby użyć modelu")
          Clause.of(
              "\\byou (?:must|need to) (?:sign|log) in to use\\b|musíš se přihlásit,? abys|потрібно увійти,? щоб використовувати|du musst dich anmelden,? um|necesitas iniciar sesión para usar|tu dois te connecter pour utiliser|vous devez vous connecter pour utiliser|devi accedere per usare|je moet inloggen om|musisz się zalogować,? aby|precisa fazer login para usar|kullanmak için giriş yapman(?:ız)? gerekiyor",
              "sign in to use",
              "log in to use",
              "přihlásit",
              "увійти",
              "anmelden",
              "iniciar sesión",
              "connecter pour",
              "accedere per",
              "inloggen",
              "zalogować",
              "fazer login",
              "giriş yapman"),
          // an API key that is not valid, in Catalan and Polish ("La vostra clau de l'API d'OpenAI
          // no és vàlida", "Twój klucz API OpenAI jest nieprawidłowy")
          Clause.of(
              "clau (?:de l')?(?:api|d'api)[^\\n]{0,20}? no és vàlida|klucz api[^\\n]{0,20}? jest nieprawidłowy",
              "no és vàlida",
              "jest nieprawidłowy"),
          // an API key missing, in Danish and Norwegian ("Manglende API-nøgle", "Mangler
          // API-nøkkel")
          Clause.of("(?:manglende|mangler) api-(?:nøgle|nøkkel)", "api-nøgle", "api-nøkkel"),
          // authentication failed, in Catalan, Hindi and Swedish ("Ha fallat l'autenticació de
          // l'API", "API प्रमाणीकरण विफल हुआ", "API-autentisering misslyckades")
          Clause.of(
              "ha fallat l'autenticació|l'autenticació ha fallat|प्रमाणीकरण विफल|autentisering(?:en)? misslyckades|autentiseringen har misslyckats",
              "autenticació",
              "प्रमाणीकरण विफल",
              "autentisering"),
          // a reminder to be authenticated with a CLI's auth command, in 17 languages ("Make sure
          // you're authenticated with 'gemini auth'", "Assurez-vous d'être authentifié avec",
          // "请确保已使用 'gemini auth' 进行身份验证")
          Clause.of(
              "\\bmake sure (?:you're|you are) (?:authenticated|logged in|signed in) (?:with|via|using)\\b|assegura't d'estar autenticat|ujistěte se, že jste (?:autentizováni|přihlášeni)|asegúrate de (?:estar|que estás) autenticad[oa]|assurez-vous d'être authentifié|सुनिश्चित करें कि आप [^\\n]{0,40}?प्रमाणित हैं|pastikan anda (?:sudah )?terautentikasi|assicurati di essere autenticat[oa]|で認証されていることを確認|(?:으)?로 인증되었는지 확인|zorg ervoor dat je geauthenticeerd bent|upewnij się, że jesteś uwierzytelnion[ya]|certifique-se de (?:estar|que está) autenticad[oa]|se till att du är autentiserad|kimlik doğrulaması yaptığınızdan emin olun|переконайся, що ти автентифікован|убедитесь, что вы аутентифицирован|请确保已使用 [^\\n]{0,40}?进行身份验证",
              "make sure you",
              "autenticat",
              "autentizováni",
              "přihlášeni",
              "authentifié",
              "प्रमाणित",
              "terautentikasi",
              "認証されている",
              "인증되었는지",
              "geauthenticeerd",
              "uwierzytelnion",
              "autenticad",
              "autentiserad",
              "kimlik doğrulaması",
              "автентифікован",
              "аутентифицирован",
              "身份验证"),
          // a token that does not look valid (LM Studio's "The LM_API_TOKEN environment variable
          // does not look like a valid LM Studio API token")
          Clause.of(
              "\\bdoes not look like a valid [a-z ]{0,30}?(?:api )?(?:token|key)\\b",
              "does not look like a valid"),
          // Dify's ProviderTokenNotInitError named by its description ("Provider Token Not Init")
          Clause.literals("provider token not init"),
          // no credentials given, in Chinese ("未提供凭据")
          Clause.literals("未提供凭据"),
          // a key blocked or unknown to the gateway (LiteLLM's "Key is blocked. Update via
          // `/key/unblock`", "Key doesn't exist in db")
          Clause.of(
              "\\b(?:api )?key (?:is blocked|has been blocked|does not exist)\\b",
              "key is blocked",
              "key has been blocked",
              "key does not exist"),
          // an app's unauthorized notice linking to its auth page or to settings for your own
          // OpenAI key (NextChat, 20 languages: "[Click here](/#/auth) to enter your key", "自己的
          // OpenAI 资源，点击[这里](/#/settings)")
          Clause.of(
              "\\]\\(/#/auth\\)|openai[^\\n]{0,120}?\\]\\(/#/settings\\)",
              "](/#/auth)",
              "](/#/settings)"),
          // an API key empty, in Polish, Russian and 10 more ("Klucz API OpenAI jest pusty", "Ключ
          // OpenAI API пуст", "OpenAI API 金鑰為空")
          Clause.of(
              "klucz(?: [a-z0-9._-]{1,20}){0,3} jest pusty"
                  + "|pusty klucz"
                  + "|(?:^|[^а-яё])ключ(?: [a-z0-9._-]{1,20}){0,3} (?:пуст|не указан|не задан)(?:[ ,.;:!]|$)"
                  + "|api-schlüssel (?:ist )?leer"
                  + "|clé api(?: [a-z0-9._-]{1,20}){0,2} est vide"
                  + "|clave (?:de )?api(?: de [a-z0-9._-]{1,20})? (?:está )?vacía"
                  + "|chave (?:de )?api(?: d[oa] [a-z0-9._-]{1,20})? (?:está )?(?:em branco|vazia)"
                  + "|api ?キーが空"
                  + "|api 키가 비어"
                  + "|api anahtarı boş"
                  + "|khóa api(?: [a-z0-9._-]{1,20})? (?:đang )?trống"
                  + "|api key 为空"
                  + "|api 金鑰為空"
                  + "|api 密钥为空",
              "klucz",
              "ключ",
              "api-schlüssel",
              "clé api",
              "clave",
              "chave",
              "キーが空",
              "키가 비어",
              "anahtarı boş",
              "khóa api",
              "为空",
              "為空"),
          // an access code or password invalid or empty, in Polish and Russian ("Nieprawidłowy kod
          // dostępu", "Hasło jest nieprawidłowe lub puste", "Неверный код доступа")
          Clause.of(
              "nieprawidłow(?:y|e) (?:kod dostępu|hasło)"
                  + "|(?:kod dostępu|hasło)(?: dostępu)? (?:jest )?(?:nieprawidłow|pust)"
                  + "|неверн(?:ый|ое) (?:код доступа|пароль)"
                  + "|(?:код доступа|пароль) (?:неверен|неверный|пуст)",
              "kod dostępu",
              "hasło",
              "код доступа",
              "пароль"),
          // authentication invalid or not supplied (an HTTP 401), in Arabic, Bulgarian, Italian,
          // Dutch, Russian and 8 more ("عدم تقديم التحقق من الهوية الصالحة", "ongeldige
          // authenticatie", "недействительной аутентификации")
          Clause.of(
              "(?:عدم تقديم|بدون|لم يتم تقديم|دون) (?:ال)?(?:تحقق من الهوية|مصادقة)"
                  + "|(?:ال)?(?:مصادقة|تحقق من الهوية)(?: ال)? ?غير (?:ال)?صالح"
                  + "|(?:невалидна|недействителна|неправилна) (?:аутентификация|автентификация)"
                  + "|(?:identificazione|autenticazione) non valida"
                  + "|ongeldige (?:authenticatie|inloggegevens|aanmeldgegevens|aanmeldingsgegevens)"
                  + "|недействительн(?:ой|ая|ую) аутентификаци"
                  + "|неверн(?:ой|ая|ую) аутентификаци"
                  + "|(?:fehlender|ungültiger) (?:gültiger )?authentifizierung"
                  + "|ungültige authentifizierung"
                  + "|(?:falta de|sin) autenticación válida"
                  + "|autenticación (?:no válida|inválida)"
                  + "|احراز هویت(?: معتبر)?(?: ارائه)? (?:نامعتبر|نشده)"
                  + "|عدم ارائه احراز هویت"
                  + "|autenticação (?:inválida|não válida)"
                  + "|(?:falta de|sem) autenticação válida"
                  + "|geçersiz kimlik doğrulama"
                  + "|không cung cấp xác thực"
                  + "|xác thực(?: danh tính)? không hợp lệ"
                  + "|未提供有效的?身份验证"
                  + "|身份验证无效"
                  + "|身份驗證無效"
                  + "|身分驗證無效",
              "تحقق من الهوية",
              "مصادقة",
              "аутентификаци",
              "автентификация",
              "identificazione",
              "autenticazione",
              "ongeldige",
              "authentifizierung",
              "autenticación",
              "احراز هویت",
              "autenticação",
              "kimlik doğrulama",
              "xác thực",
              "身份验证",
              "身份驗證",
              "身分驗證"),
          // an access token (a GitHub PAT) incorrect or empty, in Arabic, Bulgarian, Persian,
          // Chinese, Portuguese and Vietnamese ("رمز وصول شخصية GitHub غير صحيح أو فارغ", "Github
          // PAT 不正确或为空", "Mã truy cập cá nhân Github không chính xác")
          Clause.of(
              "رمز (?:ال)?وصول(?: شخصي(?:ة)?)?(?: [a-z0-9._-]{1,20})?(?: ال[^\\s،,.]{1,10})? (?:غير صحيح|غير صالح|فارغ|منتهي الصلاحية)"
                  + "|(?:^|[^а-яё])токен(?:ът)?(?: [a-z0-9._-]{1,20})? (?:е )?(?:неправилен|невалиден|празен|изтекъл)"
                  + "|(?:невалиден|неправилен|празен) (?:[а-яё]+ ){0,2}токен"
                  + "|(?:^|[^a-z])pat (?:نادرست|نامعتبر|خالی|منقضی|不正确|无效|为空|已过期|已失效)"
                  + "|token de acesso(?: pessoal)?(?: d[oa] [a-z0-9._-]{1,20})? (?:está )?(?:incorreto|inválido|vazio|expirado|em branco)"
                  + "|mã truy cập(?: cá nhân)?(?: [a-z0-9._-]{1,20})? (?:không chính xác|không hợp lệ|để trống|bị trống|đã hết hạn|hết hạn)",
              "وصول",
              "токен",
              "pat ",
              "token de acesso",
              "mã truy cập"),
          // authentication (of a named service) failed, in Bulgarian, Persian, French, Vietnamese
          // and 9 more ("Аутентификация на Vertex не беше успешна", "L'authentification Vertex a
          // échoué", "Xác thực Vertex không thành công")
          Clause.of(
              "(?:аутентификация|автентификация)(?:та)?(?: на [a-z0-9._-]{1,20})? (?:не беше успешна|не е успешна|е неуспешна)"
                  + "|неуспешна (?:аутентификация|автентификация)"
                  + "|احراز هویت(?: [a-z0-9._-]{1,20})? (?:ناموفق|با شکست)"
                  + "|l'authentification(?: (?:de |du |d')?[a-z0-9._-]{1,20})? a échoué"
                  + "|échec de (?:l'|la )authentification"
                  + "|xác thực(?: danh tính)?(?: [a-z0-9._-]{1,20})? (?:không thành công|thất bại)"
                  + "|(?:^|[^a-zäöüß])authentifizierung(?: (?:bei |für )?[a-z0-9._-]{1,20})? (?:ist )?fehlgeschlagen"
                  + "|[a-z0-9._-]{1,20}-authentifizierung (?:ist )?fehlgeschlagen"
                  + "|la autenticación(?: de [a-z0-9._-]{1,20})? (?:ha fallado|falló|no se ha completado)"
                  + "|autenticazione(?: (?:di |con )?[a-z0-9._-]{1,20})? (?:non riuscita|fallita|non è riuscita)"
                  + "|autenticação(?: d[oae] [a-z0-9._-]{1,20})? falhou"
                  + "|falha (?:na|de) autenticação"
                  + "|uwierzytelni(?:enie|anie)(?: [a-z0-9._-]{1,20})? nie powiodło się"
                  + "|認証に失敗"
                  + "|인증에 실패"
                  + "|(?:فشلت|فشل) (?:ال)?مصادقة",
              "аутентификация",
              "автентификация",
              "احراز هویت",
              "authentification",
              "xác thực",
              "authentifizierung",
              "autenticación",
              "autenticazione",
              "autenticação",
              "uwierzytelni",
              "認証に失敗",
              "인증에 실패",
              "مصادقة"),
          // not signed in yet, in Arabic, German, Spanish, Persian, French, Portuguese, Turkish,
          // Vietnamese and 7 more ("لم تقم بتسجيل الدخول بعد", "du bist derzeit nicht angemeldet",
          // "bạn chưa đăng nhập")
          Clause.of(
              "لم (?:تقم|تقومي|يتم) ب?تسجيل (?:ال)?دخول"
                  + "|لست مسجل(?:ًا|ا)? (?:ال)?دخول"
                  + "|(?:bist|sind|seid) (?:derzeit |noch |aktuell |momentan )?nicht (?:mehr )?angemeldet"
                  + "|no (?:has|ha|han|hayas) iniciado (?:la )?sesión"
                  + "|(?:هنوز|شما) وارد(?: حساب(?: کاربری)?(?: خود)?)? نشده"
                  + "|n'(?:êtes|es) pas (?:encore |actuellement )?connecté(?:e|\\(e\\))?(?! à (?:internet|un réseau|réseau|la base|au serveur))[^\\n]{0,60}?vous connecter"
                  + "|(?:ainda )?não (?:fez|efetuou|está com o) (?:o )?login"
                  + "|giriş yapmadınız"
                  + "|giriş yapmamışsınız"
                  + "|oturum açmadınız"
                  + "|oturum açmamışsınız"
                  + "|bạn chưa đăng nhập"
                  + "|ログインしていません"
                  + "|로그인(?:하지 않았|되어 있지 않|되지 않았)"
                  + "|вы не (?:вошли|авторизованы)"
                  + "|ви не (?:увійшли|авторизовані)"
                  + "|non hai (?:ancora )?effettuato l'accesso"
                  + "|(?:je bent|u bent|jij bent) (?:nog )?niet (?:ingelogd|aangemeld)"
                  + "|nie jesteś (?:jeszcze )?zalogowan",
              "تسجيل",
              "دخول",
              "angemeldet",
              "iniciado",
              "وارد",
              "connecté",
              "login",
              "giriş yapma",
              "oturum açma",
              "chưa đăng nhập",
              "ログインしていません",
              "로그인",
              "вошли",
              "авторизован",
              "увійшли",
              "effettuato l'accesso",
              "ingelogd",
              "aangemeld",
              "zalogowan"),
          // a token invalid or its status unavailable, in Korean, Russian,
          // French, Japanese, Vietnamese and more ("유효하지 않은 토큰", "Le statut de ce jeton est
          // indisponible", "Trạng thái token này không khả dụng")
          Clause.of(
              "유효하지 않은 토큰|недопустимый токен"
                  + "|وضعیت(?: این)? توکن[^\\n]{0,10}?در دسترس نیست"
                  + "|statut de (?:ce|votre) jeton est indisponible"
                  + "|トークンのステータスは利用(?:不可|できません)"
                  + "|토큰 상태는 사용할 수 없"
                  + "|status d(?:este|o|esse) token (?:está )?indisponível"
                  + "|статус (?:этого |данного )?токена недоступен"
                  + "|trạng thái token(?: này)? không khả dụng",
              "유효하지 않은 토큰",
              "недопустимый токен",
              "توکن",
              "jeton",
              "トークンのステータス",
              "토큰 상태",
              "token",
              "токена"),
          // a token not supplied, in English, French, Japanese, Korean, Portuguese, Russian and
          // Vietnamese ("Token not provided", "Jeton non fourni", "Токен не предоставлен")
          Clause.of(
              "\\b(?:access |auth |api )?token (?:was )?not provided\\b"
                  + "|\\bno token provided\\b"
                  + "|توکن[^\\n]{0,10}?ارائه نشده"
                  + "|jeton (?:d'accès |d'authentification )?non fourni"
                  + "|aucun jeton fourni"
                  + "|トークンが(?:提供|指定)されていません"
                  + "|토큰이 제공되지 않았"
                  + "|token não (?:fornecido|informado)"
                  + "|токен не (?:предоставлен|указан|передан)"
                  + "|chưa cung cấp token",
              "token",
              "توکن",
              "jeton",
              "トークンが",
              "토큰이",
              "токен не"),
          // a provided key expired, in Danish, Finnish, Hungarian, Russian, Thai and 12 more
          // ("Leveret nøgle til OpenAI udløbet", "A megadott kulcs OpenAI-hoz lejárt",
          // "Предоставленный ключ для OpenAI истек")
          Clause.of(
              "\\bprovided key for [^\\n]{1,40}? expired\\b"
                  + "|ལྡེ་མིག[^\\n]{0,80}?དུས་ཚོད་ཡོལ"
                  + "|clau[^\\n]{0,40}?(?:va caducar|ha caducat)"
                  + "|nøgle[^\\n]{0,40}?udløb"
                  + "|võti[^\\n]{0,40}?aegus"
                  + "|avain[^\\n]{0,40}?vanheni"
                  + "|clé(?: d'api| api)? fournie[^\\n]{0,40}?a expiré"
                  + "|מפתח[^\\n]{0,40}? פג(?: תוקפו|[ -]ב)"
                  + "|kulcs[^\\n]{0,40}?lejárt"
                  + "|lykill[^\\n]{0,40}?rann út"
                  + "|キー[^\\n]{0,40}?期限切れ"
                  + "|rakt(?:as|o)[^\\n]{0,40}?baigė galioti"
                  + "|atslēga[^\\n]{0,40}?beidzās"
                  + "|nøkkel(?:en)?[^\\n]{0,40}?utløp"
                  + "|ключ (?:для [^\\n]{1,30}? )?ист[её]к"
                  + "|срок действия (?:api[- ])?ключа ист[её]к"
                  + "|คีย์[^\\n]{0,40}?หมดอายุ"
                  + "|ключ[^\\n]{0,40}?(?:закінчився|сплив)",
              "expired",
              "དུས་ཚོད་ཡོལ",
              "caduc",
              "udløb",
              "aegus",
              "vanheni",
              "a expiré",
              "פג",
              "lejárt",
              "rann út",
              "期限切れ",
              "baigė galioti",
              "beidzās",
              "utløp",
              "истек",
              "истёк",
              "หมดอายุ",
              "закінчився",
              "сплив"),
          // a key refused as invalid, in Catalan, Danish, Latvian, Portuguese, Ukrainian and 13
          // more ("Ugyldig nøgle angivet", "Norādīta nederīga atslēga", "Chave fornecida
          // inválida")
          Clause.of(
              "\\binvalid key (?:provided|supplied|given)\\b"
                  + "|مفتاح(?: api)? غير صالح"
                  + "|ལྡེ་མིག་ནུས་མེད"
                  + "|clau(?: d'api| api)?(?: proporcionada)? no (?:és )?vàlida"
                  + "|klíč(?: api)? je neplatný"
                  + "|neplatný (?:api )?klíč"
                  + "|ugyldig (?:api-?)?nøgle"
                  + "|(?:vigane|kehtetu) (?:api-)?võti"
                  + "|کلید(?: api)? نامعتبر"
                  + "|(?:api-)?avain ei kelpaa"
                  + "|virheellinen (?:api-)?avain"
                  + "|מפתח(?: שסופק)? (?:אינו|לא) (?:חוקי|תקין|תקף)"
                  + "|érvénytelen (?:api[- ])?kulcs"
                  + "|ógildur (?:api-)?lykill"
                  + "|(?:netinkamas|negaliojantis) (?:api )?raktas"
                  + "|nederīga (?:api )?atslēga"
                  + "|ugyldig (?:api-?)?nøkkel"
                  + "|chave(?: de api| api)?(?: fornecida)? inválida"
                  + "|คีย์(?:ที่ให้มา)?ไม่ถูกต้อง"
                  + "|(?:некоректний|недійсний|невірний) (?:api[- ])?ключ",
              "invalid key",
              "مفتاح",
              "ལྡེ་མིག་ནུས་མེད",
              "clau",
              "klíč",
              "nøgle",
              "võti",
              "کلید",
              "avain",
              "מפתח",
              "kulcs",
              "ógildur",
              "raktas",
              "atslēga",
              "nøkkel",
              "chave",
              "คีย์",
              "ключ"),
          // a key not found, in Arabic, Czech, Danish, Estonian, Korean, Polish, Turkish and 17
          // more ("Nebyl nalezen žádný klíč", "Ingen nøgle fundet", "Võtit ei leitud")
          Clause.of(
              "(?:لم يتم العثور على|لا يوجد) (?:أي )?مفتاح"
                  + "|ལྡེ་མིག་མ་རྙེད"
                  + "|no s'ha trobat cap clau"
                  + "|(?:nebyl nalezen|nenalezen) žádný (?:api )?klíč"
                  + "|(?:api )?klíč (?:nebyl )?nenalezen"
                  + "|klíč nebyl nalezen"
                  + "|ingen (?:api-?)?nøgle fundet"
                  + "|nøglen (?:blev )?ikke fundet"
                  + "|no se (?:encontró|ha encontrado) ninguna clave"
                  + "|(?:api-)?võtit ei leitud"
                  + "|کلید(?: api)? (?:پیدا نشد|یافت نشد)"
                  + "|(?:api-)?avainta ei (?:löytynyt|löydy)"
                  + "|aucune clé(?: d'api| api)? (?:trouvée|fournie)"
                  + "|לא נמצא(?: אף)? מפתח"
                  + "|nem található (?:api[- ])?kulcs"
                  + "|enginn (?:api-)?lykill fannst"
                  + "|nessuna chiave(?: api)? (?:trovata|fornita)"
                  + "|キーが見つかりません"
                  + "|키를 찾을 수 없"
                  + "|(?:api )?raktas nerastas"
                  + "|nerastas (?:api )?raktas"
                  + "|atslēga nav atrasta"
                  + "|ingen (?:api-?)?nøkkel funne[tn]"
                  + "|nie znaleziono (?:żadnego )?(?:api )?klucza"
                  + "|nenhuma chave(?: de api| api)? (?:encontrada|fornecida)"
                  + "|ingen (?:api-?)?nyckel hittades"
                  + "|ไม่พบคีย์"
                  + "|(?:api )?anahtar(?:ı)? bulunamadı",
              "مفتاح",
              "ལྡེ་མིག་མ་རྙེད",
              "cap clau",
              "klíč",
              "nøgle",
              "ninguna clave",
              "võtit ei leitud",
              "کلید",
              "avainta ei",
              "aucune clé",
              "מפתח",
              "kulcs",
              "lykill fannst",
              "nessuna chiave",
              "キーが見つかりません",
              "키를 찾을 수 없",
              "raktas",
              "atslēga nav atrasta",
              "nøkkel",
              "klucza",
              "nenhuma chave",
              "nyckel",
              "ไม่พบคีย์",
              "anahtar"),
          Clause.of(
              "\\bre-?authenticate\\b|\\bsign(?:ed)? (?:back )?in\\b|\\bsigned out\\b"
                  + "|\\blog ?in (?:again|expired|required)\\b|\\blogin expired\\b"
                  + "|\\bcould(?:n't| not) log in\\b|\\b(?:run|ran) [`'\"]?[a-z-]+(?: auth)? login\\b"
                  + "|\\bauth login\\b|\\bneed auth\\b|\\bnot_authed\\b"
                  + "|\\brun [a-z0-9-]+ auth\\b|\\bfailed to refresh (?:the )?(?:access |oauth )?token\\b",
              "sign",
              "log",
              "auth",
              "refresh"),
          Clause.of(
              "\\b(?:auth |api |specified |the )?token (?:is|was) (?:not valid|invalid|no longer valid"
                  + "|unavailable)\\b|\\bimproper token\\b|\\bauth token\\b[^\\n]{0,30}?\\bnone\\b"
                  + "|\\bsession is no longer valid\\b|\\bkey (?:was refused|you sent could not be"
                  + " validated)\\b|\\bupdate the key\\b|\\bre-?enter your key\\b"
                  + "|\\bcould(?:n't| not) (?:authorize|authenticate|confirm your identity)\\b"
                  + "|\\bfailed to authenticate\\b|\\bcredential sources?\\b|\\bsecret (?:for|from)"
                  + " (?:provider|keyring)\\b",
              "token",
              "session",
              "key",
              "authori",
              "authenticat",
              "identity",
              "credential",
              "secret"));

  // Access switched off by whoever holds the account: an organization, a workspace or its
  // administrator ("Your organization has disabled Claude subscription access", "组织已禁用此功能"):
  // a policy of the account's holder, not its money, whatever plan or subscription the words also
  // name (notTheAccountsState); read as a permission by POLICY_HINTS.
  static final Clause ACCESS_SWITCHED_OFF =
      Clause.of(
          "\\b(?:organi[sz]ation|org|team|workspace|company|enterprise|administrator|admin)"
              + "(?:'s)? (?:has |have )?(?:disabled|turned off|switched off|blocked|revoked)\\b"
              + "[^\\n]{0,60}?\\baccess\\b"
              + "|(?:组织|管理员|企业|工作区)已(?:禁用|关闭|停用)",
          "disabled",
          "turned off",
          "switched off",
          "blocked",
          "revoked",
          "已禁用",
          "已关闭",
          "已停用");

  // …as the Words a row reads (notTheAccountsState)
  static final Words ACCESS_DISABLED_BY_HOLDER = Words.of(ACCESS_SWITCHED_OFF);

  // A policy, a plan tier, a region or an admin that keeps the caller from what it asked for, in an
  // app's plain words (row in_band.policy_words): an organisation's or a team's policy or admin
  // settings, a feature turned or switched off or not enabled for a workspace, a region or a place
  // not served, a usage tier or an add-on, a licence or a membership required, rights, roles or
  // scopes lacking or not granted, a list the caller is not in, requests from a referrer or an app
  // or to an API a key's restrictions block (Google's "Requests from referer \"empty\" are
  // blocked") ("blocked by your organization's policy", "isn't available in your region", "requires
  // usage tier 4 or higher", "You lack the rights to use Agents", "DiscordAPIError[50001]: Missing
  // Access", "new row violates row-level security policy").
  static final Words POLICY_HINTS =
      Words.of(
          // access switched off by the account's holder (ACCESS_SWITCHED_OFF)
          ACCESS_SWITCHED_OFF,
          // an account flagged and not in good standing ("Account abnormal. Please ensure it's on
          // good standing to use QWen's text-embedding-v2")
          Clause.literals("account abnormal", "good standing"),
          Clause.of(
              "\\b(?:organi[sz]ation|org|team|workspace|company)(?:'s)? (?:policy|admin settings"
                  + "|restricts|administrator|admin)\\b|\\b(?:has not|have not) been granted\\b"
                  + "|\\badmin settings\\b|\\bby (?:the server's )?"
                  + "(?:access )?policy\\b|\\bdenied by policy\\b|\\bdisabled for your\\b|violates [a-z-]+ security"
                  + " policy\\b|\\b(?:turned|switched) (?:off|on)\\b|\\bnot enabled for\\b"
                  + "|\\b(?:is not|are not|not) (?:enabled|turned on) for\\b",
              "admin",
              "granted",
              "policy",
              "restricts",
              "turned",
              "switched",
              "enabled for",
              "disabled for"),
          Clause.of(
              "\\bin your region\\b|\\bfrom your region\\b|\\bwhere you're located\\b"
                  + "|\\btier \\d+ or higher\\b|\\brequires? (?:the |an? |an active )?[a-z0-9 +-]{0,30}"
                  + "(?:add-on|license|licence)\\b|\\blicen[cs]e assigned\\b|\\bmembers only\\b"
                  + "|\\b(?:lack|lacks|do not have) the (?:rights|[a-z':]+ scope)\\b|\\blacks the\\b[^\\n]{0,40}"
                  + "\\bscope\\b|\\bgranted the required scopes\\b|\\bmissing_scope\\b|\\bmissing access\\b"
                  // a token whose OAuth scopes fall short ("does not meet scope requirement
                  // user:profile", "insufficient scope", "required scopes are missing")
                  + "|\\bscope requirements?\\b|\\binsufficient (?:oauth )?scopes?\\b"
                  + "|\\brequired scopes? (?:is |are )?missing\\b"
                  + "|\\bnot in the authori[sz]ed list\\b|\\brestricted to\\b|\\bnot a (?:member|collaborator)"
                  + " (?:of|on)\\b|\\bnot accessible by\\b|\\baccess to the resource is denied\\b"
                  + "|\\bnot permitted by\\b|\\byou need the [a-z]+ role\\b|\\bnot_allowed_token_type\\b"
                  + "|\\brequests (?:from|to) [^\\n]{0,160}? are blocked\\b|\\bresource not granted\\b"
                  + "|\\brestricted_action\\b|\\buse case details\\b|\\bconversation roster\\b"
                  + "|\\bonly (?:workspace |org |organi[sz]ation )?(?:owners|admins)\\b",
              "region",
              "located",
              "tier",
              "add-on",
              "licen",
              "rights",
              "scope",
              "missing access",
              "authori",
              "restricted",
              "member",
              "collaborator",
              "accessible",
              "denied",
              "permitted",
              "role",
              "token_type",
              "blocked",
              "not granted",
              "use case",
              "roster",
              "owners",
              "admins"));

  static final Words PERMISSION_HINTS =
      Words.of(
          // a user's access named restricted, in Chinese ("用户访问被限制")
          Clause.literals("用户访问被限制"),
          // an account whose product is not set up for it ("Your Copilot experience is not fully
          // configured, complete your setup.")
          Clause.literals("experience is not fully configured"),
          // a model served only to credentials outside the groups this one may use (a relay's
          // "model \"kimi-k3\" is served only by credentials outside the channel groups this
          // credential may use")
          Clause.literals("this credential may use", "outside the channel groups"),
          // an API, feature or service switched off for the caller ("OpenAI API is disabled", "The
          // 'More like this' feature is disabled", "LocalAI Assistant is disabled on this server")
          Clause.of(
              "\\b(?:api|feature|service|plugin|assistant|endpoint|access)'?\\s+(?:is|has been)\\s+(?:disabled|turned off|switched off)\\b",
              "disabled",
              "turned off",
              "switched off"),
          // an account below the usage tier a model needs ("Your organization must qualify for at
          // least usage tier 5 to access 'o1-mini'")
          Clause.of(
              "\\b(?:must|needs? to|has to|have to) (?:qualify for|be on|reach) (?:at least |a )?(?:usage |rate limit )?tier \\d+\\b|\\b(?:usage )?tier \\d+ (?:or (?:higher|above) )?(?:is )?(?:required )?to (?:access|use)\\b",
              "tier"),
          // blocked for abnormal traffic, region or security reasons, in Chinese
          // ("检测到异常流量，暂时无法使用", "区域限制，无法访问", "因安全原因被拦截")
          Clause.of(
              "检测到[^\\n]{0,12}?异常流量|檢測到[^\\n]{0,12}?異常流量|(?:区域|地区|區域|地區)限制[^\\n]{0,3}?(?:无法|無法)(?:访问|訪問)|因安全原因被(?:拦截|攔截)",
              "异常流量",
              "異常流量",
              "限制",
              "安全原因"),
          // a host header refused ("Invalid host header", "Host not allowed")
          Clause.of(
              "^invalid host header\\b|\\bhost (?:header )?(?:is )?not allowed\\b",
              "invalid host header",
              "host not allowed",
              "host is not allowed",
              "host header not allowed",
              "host header is not allowed"),
          // a provider account setup to complete ("Provider account setup incomplete", "Complete
          // the provider account setup required to use this model")
          Clause.of(
              "\\baccount setup (?:is )?(?:incomplete|not complete)\\b|\\bcomplete (?:the |your )?[^\\n]{0,20}?account setup\\b",
              "account setup"),
          // a blocked hostname or IP address (SSRF protection) ("Blocked hostname detected",
          // "Blocked IP address detected")
          Clause.of(
              "\\bblocked (?:hostname|host name|ip address|ip|host|domain|url|private ip|internal ip) detected\\b|\\b(?:hostname|ip address|host|domain|url) (?:is )?blocked by (?:ssrf|security) (?:protection|policy)\\b",
              "blocked"),
          // a model to enable in the key settings or the allowed-models list ("This model needs to
          // be enabled in your provider's key settings")
          Clause.of(
              "\\b(?:model|it) (?:needs|has) to be enabled in (?:your |the )?[^\\n]{0,30}?settings\\b|\\badd it to (?:the |your )?allowed models\\b",
              "to be enabled in",
              "allowed models"),
          // a model not available for the key ("Model not available for your API key")
          Clause.of(
              "\\bmodel (?:is )?not (?:available|enabled|allowed) for (?:your|this) (?:api )?key\\b",
              "not available for",
              "not enabled for",
              "not allowed for"),
          // OAuth sign-in not allowed for the organization ("OAuth not allowed for organization")
          Clause.of(
              "\\boauth (?:is )?not allowed for (?:this |your |the )?organi[sz]ation\\b", "oauth"),
          // a plan that does not include the product, upgrade to use it ("To use Codex with your
          // ChatGPT plan, upgrade to Plus")
          Clause.of(
              "\\bto use [^\\n]{1,40}? with your [^\\n]{1,40}? plan, upgrade to\\b",
              "plan, upgrade to"),
          // a feature or endpoint disabled by the server's configuration ("LocalAI Assistant is
          // disabled on this server", "endpoint disabled for this model by API configuration")
          Clause.of(
              "\\bis disabled on this (?:server|instance)\\b|\\bendpoint (?:is )?disabled for this model\\b|\\bdisabled (?:for this model )?by (?:the )?(?:api|server) configuration\\b",
              "disabled on this",
              "disabled for this model",
              "configuration"),
          // a model that cannot be offered under zero data retention ("Claude Opus 4.1 cannot be
          // offered with Zero Data Retention")
          Clause.of(
              "\\bcannot be (?:offered|used|served) with zero data retention\\b|\\bnot available with zero data retention\\b",
              "zero data retention"),
          // a media URL whose domain is not in the allowed list ("Media URL domain is not allowed.
          // Allowed domains: [...]")
          Clause.of(
              "\\b(?:url |media url |image url )?domain (?:is )?not (?:allowed|permitted)\\b|\\bmust be from one of the allowed domains\\b",
              "domain is not",
              "domain not",
              "allowed domains"),
          // a workspace blocked by the service ("This workspace has been blocked. Contact
          // support")
          Clause.of(
              "\\bworkspace (?:has been|is|was) (?:blocked|suspended|disabled)\\b", "workspace"),
          // cloud models or the cloud feature turned off locally ("ollama cloud is disabled:
          // remote model is unavailable", "Cloud models are off. Choose an installed model")
          Clause.of(
              "\\bcloud (?:is|has been) disabled\\b|\\bcloud models are (?:off|disabled|turned off)\\b",
              "cloud is disabled",
              "cloud has been disabled",
              "cloud models are"),
          // a key that is valid but the provider refused the request, in Czech, Ukrainian and
          // Russian ("Tvůj API klíč je platný, ale poskytovatel odmítl", "Твій API ключ дійсний,
          // але провайдер відмовився")
          Clause.of(
              "klíč je platný, ale poskytovatel odmítl|ключ (?:дійсний|действителен), але провайдер відмовився|ключ действителен, но провайдер отказал",
              "platný, ale",
              "дійсний, але",
              "действителен, но"),
          // access to an API denied or forbidden, in 13 languages ("Accès interdit à l'API
          // Cerebras", "Dostęp do API Cerebras zabroniony", "Cerebras API 访问被禁止")
          Clause.of(
              "accés denegat a l'api|accés a l'api[^\\n]{0,30}? denegat|přístup k [^\\n]{0,30}?api (?:je )?zakázán|acceso (?:prohibido|denegado) a la api|accès (?:interdit|refusé) à l'api|accesso (?:all')?api [^\\n]{0,30}?negato|dostęp do api [^\\n]{0,30}?zabroniony|acesso à api [^\\n]{0,30}?negado|åtkomst till [^\\n]{0,30}?api är (?:förbjuden|nekad)|api erişimi (?:yasak|reddedildi)|api पहुंच (?:निषेध|अस्वीकृत)|api ?访问被(?:禁止|拒绝)|api ?存取被(?:禁止|拒絕)",
              "api"),
          // an organization that does not allow use of a model, in 9 languages ("Your organization
          // does not allow use of the … model", "Deine Organisation erlaubt die Nutzung des …
          // Modells nicht", "Twoja organizacja nie zezwala na używanie modelu"); "organisation" in
          // any language is read as "organization"
          Clause.of(
              "\\borganization (?:does not|do not) (?:allow|permit) (?:the )?use of\\b|organization erlaubt (?:die )?(?:nutzung|verwendung)[^\\n]{0,60}? nicht|organización no permite el uso|organization n'autorise pas l'utilisation|organisasi anda tidak mengizinkan penggunaan|organizzazione non consente l'uso|organisatie staat het gebruik [^\\n]{0,60}?niet toe|organizacja nie zezwala na (?:używanie|użycie|korzystanie)|organização não permite o uso",
              "organization",
              "organización",
              "organisasi",
              "organizzazione",
              "organisatie",
              "organizacja",
              "organização"),
          // a free promotion for a model that has ended, in 12 languages ("Free promotion has
          // ended for gpt-4o", "La promoción gratuita de gpt-4o ha finalizado",
          // "無料プロモーションは終了しました")
          Clause.of(
              "\\bfree promotion (?:has |is )?(?:ended|over)\\b|gratis kampa(?:gne|njen?) for [^\\n]{1,40}? er (?:afsluttet|avsluttet)|(?:den )?gratis kampa(?:gne|njen?) (?:er )?(?:afsluttet|avsluttet)|kostenlose aktion (?:für [^\\n]{1,40}? )?ist beendet|promoción gratuita (?:de [^\\n]{1,40}? )?ha (?:finalizado|terminado)|promotion gratuite (?:de [^\\n]{1,40}? )?est terminée|promozione gratuita (?:di [^\\n]{1,40}? )?è terminata|無料プロモーションは終了|bezpłatna promocja [^\\n]{0,40}?dobiegła końca|promoção gratuita (?:d[oae] [^\\n]{1,40}? )?(?:terminou|foi encerrada|acabou)|бесплатная акция (?:для [^\\n]{1,40}? )?(?:завершена|закончилась)|ücretsiz promosyon sona erdi|انتهى العرض المجاني",
              "free promotion",
              "gratis kampa",
              "kostenlose aktion",
              "promoción gratuita",
              "promotion gratuite",
              "promozione gratuita",
              "無料プロモーション",
              "bezpłatna promocja",
              "promoção gratuita",
              "бесплатная акция",
              "ücretsiz promosyon",
              "العرض المجاني"),
          // a model not available in the user's country, in Danish and Norwegian ("Denne model er
          // ikke tilgængelig i dit land", "ikke tilgjengelig i landet ditt")
          Clause.of(
              "ikke tilgængelig i (?:dit land|din region)|ikke tilgjengelig i (?:landet ditt|ditt land|din region)",
              "tilgængelig i",
              "tilgjengelig i"),
          // a model that requires explicit opt-in or consent first, in 14 languages ("requires
          // explicit opt in", "erfordert deine ausdrückliche Zustimmung", "明示的な同意が必要です")
          Clause.of(
              "\\brequires? (?:an |your )?explicit (?:opt[ -]?in|consent)\\b|kræver,? at du aktivt tilvælger|muss ausdrücklich aktiviert werden|erfordert (?:deine|ihre) ausdrückliche zustimmung|requiere (?:una aceptación|tu consentimiento|su consentimiento) explícit[oa]|nécessite (?:votre|ton|un) consentement explicite|richiede (?:un|il tuo|il suo) consenso esplicito|明示的な(?:オプトイン|同意)が必要|명시적으로 (?:사용에 )?동의해야|krever at du uttrykkelig samtykker|wymaga (?:jawnej|wyraźnej) zgody|(?:requer|exige) (?:adesão|(?:seu |o seu )?consentimento) explícit[oa]|необходимо явно подтвердить согласие|требует явного согласия|açıkça onay vermeniz gerek|ويتطلب (?:تفعيلًا صريحًا|موافقتك الصريحة)",
              "explicit",
              "tilvælger",
              "ausdrücklich",
              "explícit",
              "esplicito",
              "明示的な",
              "명시적으로",
              "uttrykkelig",
              "zgody",
              "явно",
              "açıkça onay",
              "صريح"),
          // a model disabled, in 15 languages ("Model is disabled", "Modell ist deaktiviert",
          // "模型已禁用")
          Clause.of(
              "^(?:the |this )?model (?:is|has been) disabled\\b|\\bmodel is disabled(?: for| by|$|\\.)|modell(?:en)? er deaktiver(?:et|t)|modell ist deaktiviert|el modelo está deshabilitado|le modèle est désactivé|il modello è disabilitato|モデルが無効(?:です|になっています|化されています)|모델이 비활성화되었습니다|model jest wyłączony|o modelo está desabilitado|модель отключена|model devre dışı|模型已禁用|النموذج معطل",
              "model",
              "modèle",
              "モデルが無効",
              "모델이 비활성화",
              "модель отключена",
              "模型已禁用",
              "النموذج معطل"),
          // a request blocked by the upstream provider, in 14 languages ("Request blocked by
          // upstream provider", "Anfrage vom vorgelagerten Anbieter blockiert", "Запрос
          // заблокирован вышестоящим провайдером")
          Clause.of(
              "\\bblocked by (?:the |an |its )?upstream (?:provider|api provider)\\b|blokeret af (?:upstream-udbyderen|udbyderen)|vom vorgelagerten anbieter blockiert|(?:proveedor externo|proveedor upstream) bloque[óo] la solicitud|bloqu[ée]e? par le fournisseur en amont|bloccat[ao] dal provider upstream|上流プロバイダーによりリクエストがブロック|상위 제공자가 요청을 차단|blokkert av (?:leverandøren|oppstrømsleverandøren)|zablokowane przez dostawcę zewnętrznego|bloquead[ao] pelo provedor upstream|заблокирован[ао]? вышестоящим провайдером|üst sağlayıcı tarafından engellendi|حظر المزود الخارجي الطلب",
              "upstream",
              "udbyderen",
              "vorgelagerten",
              "bloque",
              "fournisseur en amont",
              "上流プロバイダー",
              "상위 제공자",
              "leverandøren",
              "dostawcę zewnętrznego",
              "вышестоящим",
              "üst sağlayıcı",
              "المزود الخارجي"),
          // access to a named project or resource denied ("Access to the default Cloud Shell Gemini
          // project was denied")
          Clause.of("\\baccess to [^\\n]{1,60}? (?:was|is|has been) denied\\b", "denied"),
          // the user's location not supported by the service, in Bulgarian, Korean, Turkish and
          // Vietnamese ("вашето текущо местоположение не поддържа тази услуга", "현재 위치는 해당 모델 서비스를
          // 지원하지 않습니다", "vị trí của bạn không hỗ trợ")
          Clause.of(
              "местоположение(?:то)?[^\\n]{0,15}? не (?:се )?поддържа"
                  + "|(?:현재 )?위치(?:는|에서는)? (?:해당 |이 )?(?:모델 )?(?:서비스를 )?(?:지원하지 않|지원되지 않)"
                  + "|(?:bulunduğunuz )?konum(?:unuz)?(?: [^\\s,.]+){0,3} (?:desteklemiyor|desteklenmiyor)"
                  + "|(?:vị trí|khu vực) (?:hiện tại )?của bạn (?:không|chưa) (?:được )?hỗ trợ",
              "местоположение",
              "위치",
              "konum",
              "của bạn"),
          // no permission to access, in Arabic, Bulgarian and Dutch ("ليس لديك إذن للوصول إلى هذا
          // المحتوى", "Нямате разрешение за достъп", "u geen toegang heeft tot deze inhoud")
          Clause.of(
              "ليس لديك (?:ال)?(?:إذن|أذونات|صلاحية|صلاحيات)"
                  + "|لا تملك (?:ال)?(?:إذن|صلاحية)"
                  + "|нямате (?:разрешение|права|необходимите права)"
                  + "|(?:u|je|jij) (?:hebt|heeft) geen (?:toegang|toestemming|rechten)(?! tot (?:het )?(?:internet|netwerk))"
                  + "|(?:u|je) geen (?:toegang|toestemming) (?:heeft|hebt)(?! tot (?:het )?(?:internet|netwerk))",
              "ليس لديك",
              "لا تملك",
              "нямате",
              "geen"),
          // an action domain not allowed, in Polish ("Określona domena działania nie jest
          // dozwolona")
          Clause.of("domen\\S{0,3}[^\\n]{0,25}?nie (?:jest|są) dozwolon", "domen"),
          // a token with no access to a model or to any model, in Japanese and French
          // ("このトークンはどのモデルにもアクセスできません", "Ce jeton n'a accès à aucun modèle")
          Clause.of(
              "トークン[^\\n]{0,10}?モデル[^\\n]{0,40}?アクセスできません|accès à aucun modèle",
              "アクセスできません",
              "accès à aucun modèle"),
          // a user disabled, in Japanese, Korean, French, Russian, Portuguese, Spanish, Vietnamese
          // and Persian ("このユーザーは無効化されています", "Cet utilisateur a été désactivé", "Người dùng này đã
          // bị vô hiệu hóa")
          Clause.of(
              "ユーザー[^\\n]{0,6}?無効化さ"
                  + "|사용자[^\\n]{0,6}?비활성화되"
                  + "|utilisat(?:eur|rice)[^\\n]{0,12}?(?:a été|est) désactivé"
                  + "|пользовател\\S*[^\\n]{0,12}?(?:отключ[её]н|деактивирован)"
                  + "|(?:usuário|utilizador)[^\\n]{0,12}?(?:foi|está) (?:desativad|desabilitad)"
                  + "|usuario[^\\n]{0,12}?(?:ha sido|está) (?:desactivad|deshabilitad)"
                  + "|người dùng[^\\n]{0,12}?bị vô hiệu hóa"
                  + "|کاربر[^\\n]{0,10}?غیرفعال شده",
              "無効化さ",
              "비활성화되",
              "désactivé",
              "отключ",
              "деактивирован",
              "desativad",
              "desabilitad",
              "desactivad",
              "deshabilitad",
              "bị vô hiệu hóa",
              "غیرفعال شده"),
          // a user not on a bot's allow list, a role the user lacks, a service not offered in the
          // caller's region in Arabic ("You are not whitelisted to use this bot", "You need the
          // \"AI User\" role to use this command", "هذه الخدمة غير متاحة في منطقتك")
          Clause.of(
              "\\bnot (?:whitelisted|allowlisted)\\b|\\byou need (?:the |an? )?[^\\n]{1,30}? role\\b"
                  + "|في منطقتك",
              "listed",
              "role",
              "في منطقتك"),
          // a service unavailable in the caller's region ("Service is unavailable in this region");
          // access denied, permissions to check, in Hindi ("सेवा तक पहुंच अस्वीकृत", "IAM अनुमतियां
          // जांचें")
          Clause.literals(
              "unavailable in this region",
              "not available in this region",
              "unavailable in your region",
              "पहुंच अस्वीकृत",
              "अनुमतियां जांचें"),
          // privileges or a group that does not allow the call ("Insufficient privileges to call
          // SNOWFLAKE.CORTEX.COMPLETE", "Your account is not in a group that is allowed to use the
          // Assistant"), permissions missing in Italian ("Non hai i permessi necessari")
          Clause.literals("insufficient privileges", "group that is allowed", "permessi necessari"),
          // an account stopped for a terms violation, a feature disabled by an administrator, in
          // Japanese; no right to use a model, a region or country not served, an account banned,
          // in Russian, Malay, Turkish, Indonesian, Ukrainian and Arabic ("利用規約違反のため停止",
          // "管理者によって無効化", "нет прав на использование", "из вашего региона", "tidak dibenarkan
          // mengakses", "izniniz yok", "bölgede kullanılamıyor", "belum tersedia di negara Anda",
          // "تم حظر حسابك")
          Clause.literals(
              "利用規約違反",
              "管理者によって無効",
              "нет прав на",
              "из вашего региона",
              "tidak dibenarkan",
              "izniniz yok",
              "bölgede kullanılamıyor",
              "di negara anda",
              "تم حظر حسابك"),
          // a model the plan does not include, in Japanese and Korean ("現在のプラン (Hobby) には …
          // が含まれていません", "Free 플랜에는 … 모델이 포함되어 있지 않습니다", "현재 요금제에서는 GPT-4o를 이용할 수 없습니다", "ご利用のプランでは
          // … ご利用いただけません"), a feature an administrator turned off in Korean ("관리자가 AI 기능을 비활성화")
          Clause.of(
              "プラン[^\\n]{0,40}?(?:含まれていません|ご利用いただけません)|플랜[^\\n]{0,40}?포함되어 있지 않|요금제에서는[^\\n]{0,30}?(?:이용|사용)할 수 없|관리자[^\\n]{0,30}?비활성화",
              "プラン",
              "플랜",
              "요금제",
              "관리자"),
          // a model that cannot be used, in Korean ("지정된 모델을 사용할 수 없습니다")
          Clause.literals("모델을 사용할 수 없"),
          // a model the plan or the kind of key does not include, a feature a key's billing cannot
          // pay for: PLAN_EXCLUDES_MODEL, which keeps these from the account rows
          Clause.literals(PLAN_EXCLUDES_MODEL.toArray(String[]::new)),
          // access named forbidden, in Japanese and Korean ("Cerebras APIアクセスが禁止されています")
          Clause.literals("アクセスが禁止", "접근이 금지", "액세스가 금지"),
          // a model not enabled for the account, in Japanese (Bedrock's Model Access: "選択したモデルが
          // 有効化されていないようです"), a service restricted by geography in the apps' languages
          // ("restricciones geográficas")
          Clause.literals(
              "有効化されていない",
              "restricciones geográficas",
              "restrições geográficas",
              "restrictions géographiques",
              "restrizioni geografiche",
              "geografische einschränkungen",
              "geographic restrictions"),
          // the caller's country, territory or region not served ("Country not supported", Gemini's
          // "Region not supported."; not a cloud region named before "not": "Region us-east-1 not
          // supported")
          Clause.of(
              "\\b(?:country|territory)\\b[^\\n]{0,30}?\\bnot (?:supported|available|allowed|served)\\b"
                  + "|\\bregion (?:is )?not (?:supported|available|allowed|served)\\b",
              "country",
              "territory",
              "region"),
          // a feature turned off by an administrator or an owner, in English and the apps'
          // languages ("Claude Code has been disabled for your organization by an administrator",
          // "该功能已被工作区管理员禁用", "Funzionalità disabilitata dall'amministratore")
          Clause.of(
              "(?:disabled|turned off|禁用|отключен|desativad|désactivé|disabilitat|devre dışı|wyłączon|تعطيل)"
                  + "[^\\n]{0,60}?(?:admin|owner|管理员|администратор|administrador|administrateur"
                  + "|amministratore|yönetici|مسؤول)|(?:admin|owner)[^\\n]{0,40}?has not "
                  + "(?:enabled|turned on)",
              "disabled",
              "turned off",
              "禁用",
              "отключен",
              "desativad",
              "désactivé",
              "disabilitat",
              "devre dışı",
              "wyłączon",
              "تعطيل",
              "admin",
              "owner"),
          // an account not eligible, a model blocked or disabled by the organisation, a region not
          // served, a gated repository, an account restricted or blocked, as SDKs, apps and bots
          // word it ("The model … is blocked at the organization level", "Bu hizmet bulunduğunuz
          // bölgede desteklenmiyor")
          // a model's access form not filled in, public access to a resource turned off (Bedrock's
          // "You have not filled out the required use-case form for this model", Azure's "Public
          // access is disabled")
          Clause.literals("use-case form", "use case form", "access is disabled"),
          Clause.literals(
              "not eligible for",
              // access awaiting approval, an IP not on the allow list, a country not served, no
              // role or no access, an organisation to verify, an account suspended, in the apps'
              // languages ("Your request to access model … is awaiting a review", "not on the
              // allow list", "Sora isn't available in your country yet", "Brak uprawnień", "Je hebt
              // geen toegang", "Ihre Organisation muss verifiziert werden", "Twoje konto zostało
              // zawieszone")
              "awaiting a review",
              "not been approved",
              "não foi aprovado",
              "belum disetujui",
              "allow list",
              "lista de permitid",
              "danh sách được phép",
              "in your country",
              "ihrem land",
              "ülkede",
              "in jouw regio",
              "нет роли",
              "brak uprawnie",
              "deiner region",
              "منطقهٔ شما",
              "国家或地区",
              "nicht freigeschaltet",
              "non è abilitata",
              "geen toegang tot",
              "pas autorisée à",
              "verifiziert werden",
              "アカウントは停止",
              "정지되었",
              "inhabilitada",
              "disattivato",
              "akun anda telah diblokir",
              "zawieszon",
              "gedeactiveerd",
              "تعليق حساب",
              // an IP not on the key's allowlist, a feature for approved or verified organisations
              // only, a feature an admin has not enabled ("Request from IP … is not in the
              // allowlist for this API key", "Complete organization verification to unlock image
              // generation", "your workspace admin hasn't enabled AI features"), in English,
              // Japanese, Russian, Spanish and Portuguese
              "allowlist",
              "lacks access",
              "not allowed by",
              // a service closed to bots ("character.ai has increased its security against bots")
              "against bots",
              // access only for some users, or none, in English, French, Spanish, Portuguese and
              // German ("Imagen API is only accessible to billed users", "Votre organisation n'a
              // pas
              // accès au modèle")
              "only accessible to",
              "n'a pas accès",
              "no tiene acceso",
              "não tem acesso",
              "keinen zugriff",
              "approved organizations",
              "organization verification",
              "not available to your organization",
              "has not enabled",
              "有効になっていません",
              "список разрешённых",
              "no tiene habilitado",
              "organizações verificadas",
              "blocked at the organization level",
              "does not serve your region",
              "disabled by your organization",
              "gated repo",
              "localização do usuário",
              "l'emplacement de l'utilisateur",
              "bölgede desteklenmiyor",
              "kısıtlandı",
              "khu vực hoặc lãnh thổ",
              "tidak tersedia di negara",
              "akun kamu diblokir",
              "não está habilitado",
              "ha sido restringida"),
          // a chat, a group or a session not allowed to use the bot, a model for premium members
          // only, an account suspended or locked, no authority to use the model, in the bots'
          // languages ("该会话不在白名单中", "このグループではボットの利用が許可されていません", "Bu modeli kullanma yetkiniz yok")
          Clause.literals(
              "白名单",
              "許可されていません",
              "プレミアム会員限定",
              "허용되지 않았습니다",
              "회원 전용",
              "не разрешён",
              "no está autorizado",
              "não tem autorização",
              "yetkiniz yok",
              "askıya alındı",
              "đã bị khóa",
              "tidak diizinkan"),
          // an organisation's policy that turned the model off, in Japanese and German
          Clause.literals("組織のポリシー", "richtlinie ihrer organization"),
          // Azure RBAC ("The principal … lacks the required data action")
          Clause.literals("lacks the required"),
          // an app id blacklisted, an account inactive or not verified by real name, an
          // organisation's policy,
          // no permission, a region not served, in Chinese, Polish, Korean, Dutch and Arabic
          Clause.literals(
              "黑名单",
              "非活动状态",
              "实名认证",
              "zasady twojej organizacji",
              "조직 정책",
              "geen toestemming",
              "منطقتك لا تدعم"),
          // …and in Vietnamese, Hindi, English, Hebrew, Thai, Swedish, Arabic, Czech, Greek,
          // Persian, Japanese, Chinese and Korean ("Gemini isn't currently supported in your
          // country", "Your workspace admin has turned off Notion AI")
          Clause.literals(
              "ở quốc gia của bạn",
              "आपके क्षेत्र में",
              "במדינה שלך",
              "ในประเทศของคุณ",
              "i ditt land",
              "في بلدك",
              "vypnul",
              "only available in certain regions",
              "has disabled",
              "has turned off",
              "στην περιοχή σας",
              "در کشور شما",
              "管理者にお問い合わせ",
              "国家/地区不受支持",
              "관리자에게 문의",
              "지역에서 이용할 수 없"),
          // a service not offered in the user's country or region, or turned off by an admin, in
          // the consumer apps' translations ("Gemini aún no está disponible en tu país o región")
          Clause.literals(
              "en tu país",
              "no seu país",
              "sua conta ou região",
              "dans votre pays",
              "in deinem land",
              "nel tuo paese",
              "in je land",
              "beheerder heeft de toegang",
              "w twoim kraju",
              "ülkenizde",
              "в вашей стране",
              "у вашій країні",
              "您所在的地区",
              "您所在的地區",
              "你所在的地区",
              "國家或地區",
              "국가에서"),
          // the provider refused to complete the request, the key being good (Kilo's "Your API key
          // is valid, but the provider refused to complete this request", and its Japanese)
          Clause.of("\\brefused to complete\\b|完了を拒否", "refused to complete", "完了を拒否"),
          // a service not offered where the user is, in Polish ("Twoja lokalizacja nie obsługuje
          // tej usługi. Może to wynikać z ograniczeń regionalnych")
          Clause.of("ograniczeń regionalnych|twoja lokalizacja", "ograniczeń", "lokalizacja"),
          // a session held back as a suspected bot ("Our systems have detected unusual activity",
          // "User needs to solve CAPTCHA to continue")
          Clause.of("\\bunusual activity\\b|\\bcaptcha\\b", "unusual activity", "captcha"),
          Clause.of(
              "\\b(?:permissions?|forbidden|no access|access denied|access is denied)\\b",
              "permission",
              "forbidden",
              "access"),
          // unavailable where the caller is, or only on a plan, in Russian and Ukrainian
          // ("Сервис недоступен в вашем регионе", "в вашем регионе эта модель недоступна",
          // "Ця модель недоступна у вашому регіоні",
          // "ограничений региона", "доступна только на тарифе Premium")
          Clause.of(
              "недоступ[а-яіїєґ]{0,4} (?:в|у) (?:вашем|вашей|вашому|вашій) (?:регион|регіон|стран|країн)"
                  + "|(?:в|у) (?:вашем|вашей|вашому|вашій) (?:регион|регіон|стран|країн)[^\\n]{0,30}?недоступ"
                  + "|ограничени[йя] региона|обмежен[а-яіїєґ]{0,3} регіону"
                  + "|доступ[а-яіїєґ]{0,4} (?:только|лише|тільки) (?:на|для|в|у) (?:тариф|план|подписк|підписц)",
              "недоступ",
              "региона",
              "регіону",
              "только",
              "лише",
              "тільки"),
          // a permission or access, in Chinese, Japanese, Korean, Russian (never "недоступен",
          // "общедоступным", "доступных": unavailable, public, available), Spanish, Portuguese,
          // French, German, Turkish, Vietnamese, Arabic and Persian
          Clause.of(
              "权限|權限|無權|无权|権限|권한|(?<![а-яіїєґ])доступ(?!н)|permiso|permissão|autorisation|berechtigung|\\bizin(?! veril)"
                  + "|quyền|صلاحية|دسترسی",
              "权限",
              "權限",
              "無權",
              "无权",
              "権限",
              "권한",
              "доступ",
              "permiso",
              "permissão",
              "autorisation",
              "berechtigung",
              "izin",
              "quyền",
              "صلاحية",
              "دسترسی"),
          // a check the user must pass before being let in (a web session's 需要通过…安全检查)
          Clause.of("需要通过[^\\n]{0,20}?安全检查", "安全检查"),
          // a service not activated or enabled, not offered in a region, rights lacking, in the
          // corpus's languages
          Clause.of(
              "\\bnot (?:been )?(?:activated|enabled)\\b|\\bnot available in (?:your )?(?:region"
                  + "|country)\\b|尚未啟用|未啟用|未启用|有効化されていません|地域では|활성화되지 않|지역에서는|не подключ|недостаточно прав"
                  + "|no está habilitad|no está disponible en (?:tu|su) región|não está ativad"
                  + "|não está disponível na sua região|n'est pas activé|pas disponible dans votre région"
                  + "|nicht aktiviert|in ihrer region nicht|etkinleştirilmemiş|bölgenizde"
                  + "|chưa được kích hoạt|khu vực của bạn|belum diaktifkan|wilayah anda|non è attivato"
                  + "|nella tua regione",
              "not ",
              "啟用",
              "启用",
              "有効化",
              "地域",
              "활성화",
              "지역",
              "не подключ",
              "недостаточно прав",
              "habilitad",
              "región",
              "ativad",
              "região",
              "activé",
              "région",
              "aktiviert",
              "region",
              "etkinleştiril",
              "bölgeniz",
              "kích hoạt",
              "khu vực",
              "diaktifkan",
              "wilayah",
              "attivato"),
          // a model not publicly available, in the corpus's languages
          Clause.of(
              "\\bnot publicly available\\b|未公开|未開放|公開されていません|공개적으로",
              "publicly",
              "未公开",
              "未開放",
              "公開されていません",
              "공개적으로"),
          // no access to a model, a model not offered to this kind of account
          Clause.of(
              "\\b(?:do not|does not) have access to\\b"
                  + "|\\bnot available for (?:personal|free|individual|your) (?:accounts?|plan|tier)\\b",
              "have access to",
              "not available for"),
          // a model not publicly available, a service unavailable in the user's region, in the
          // corpus's languages
          Clause.literals(
              "nicht öffentlich verfügbar",
              "disponible publicamente",
              "disponible au public",
              "disponibile pubblicamente",
              "disponível publicamente",
              "herkese açık değil",
              "indisponible dans votre région",
              "disponível em sua região",
              // …and in the rest of the apps' translations ("Tämä malli ei ole julkisesti
              // saatavilla", "Dit model is niet publiek beschikbaar", "Níl an tsamhail seo ar fáil
              // go poiblí")
              "ictimaiyyət üçün açıq deyil",
              "no està disponible públicament",
              "není veřejně dostupný",
              "ikke offentligt tilgængelig",
              "δεν είναι δημόσια διαθέσιμο",
              "pole avalikult saadaval",
              "به صورت عمومی در دسترس نیست",
              "ei ole julkisesti saatavilla",
              "ar fáil go poiblí",
              "ur telli d tazayezt",
              "nav publiski pieejams",
              "tidak tersedia secara terbuka",
              "niet publiek beschikbaar",
              "nie jest publicznie dostępny",
              "inte tillgänglig för allmänheten",
              "பொதுவில் கிடைக்கவில்லை",
              "ไม่เปิดให้ใช้งานสาธารณะ",
              "ئاممىغا ئېلان قىلىنمىغان",
              "ҳамма учун очиқ эмас",
              "hamma uchun ochiq emas"));

  static final Words CONTENT_HINTS =
      Words.of(
          // model output blocked by safety/policy or recitation ("The model output violates Gemini
          // platform policy", "模型生成内容未通过 Gemini 平台的安全检查", "发生了recitation")
          Clause.of(
              "(?:output|内容|內容)[^\\n]{0,12}?(?:violates|违反|違反)[^\\n]{0,20}?(?:policy|政策)|(?:内容|內容)[^\\n]{0,6}?未通过[^\\n]{0,20}?安全检查|(?:发生了|發生了|detected|occurred)[^\\n]{0,4}?recitation|recitation[^\\n]{0,4}?(?:detected|occurred)",
              "polic",
              "政策",
              "安全检查",
              "recitation"),
          // a prompt or answer blocked by a threat, topic or content filter, in English and
          // Norwegian ("Prompt threat detected", "filtered as off_topic by intent classifier",
          // "Utdata ble blokkert av innholdsfiltrering")
          Clause.of(
              "prompt threat detected|filtered as off[_ -]topic|off[_ -]topic by [^\\n]{0,20}?classifier|can only (?:assist|help) with [^\\n]{0,30}?related (?:questions|topics|requests)|brudd på innholds(?:policy|retningslinje)|blokkert av innholdsfilter|innehållsfilter|indholdsfilter",
              "prompt threat",
              "off_topic",
              "off-topic",
              "off topic",
              "can only assist",
              "can only help",
              "innholds",
              "innehållsfilter",
              "indholdsfilter"),
          // a request blocked by a content policy or a prompt-injection guard ("Image generation
          // blocked by OpenAI due to policy violation", "Prompt injection attempt detected")
          Clause.of(
              "\\bblocked [^\\n]{0,30}?due to (?:a )?(?:content )?policy violation\\b|\\bprompt injection (?:attempt )?detected\\b",
              "policy violation",
              "prompt injection"),
          // a model refusal reported as an error ("AI model refused to fulfill a request", "OpenAI
          // returned a refusal output", "Refusal: [cyber]")
          Clause.of(
              "\\bmodel refused to (?:fulfill|produce|answer|respond|generate)\\b|\\brefusal output\\b|\\bbecause of (?:a )?refusal\\b|^refusal: \\[",
              "refused to",
              "refusal"),
          // a safety category the model would not talk about ("talking about **Sexually Explicit**
          // related stuff", "into **Dangerous Content** territory", "less Hate Speech related")
          Clause.of(
              "\\b(?:sexually explicit|harassment|hate speech|dangerous content)\\*{0,2} (?:related|territory)\\b",
              "sexually explicit",
              "harassment",
              "hate speech",
              "dangerous content"),
          // a generation stopped for blocklisted, recited or personal-data text ("Response was
          // terminated early: BLOCKLIST", "because of **RECITATION issue.**", "potentially
          // contains Sensitive PII (SPII)")
          Clause.of(
              "\\bterminated early: (?:blocklist|recitation|spii)\\b|\\bbecause of \\*{0,2}(?:blocklist|recitation|spii) issue\\b|\\bpotentially contains sensitive pii\\b|\\bstopped: recitation detected\\b",
              "blocklist",
              "recitation",
              "spii",
              "sensitive pii"),
          // a model refusal or a cybersecurity safeguard ("Language model refusal", "join the
          // Trusted Access for Cyber program", "We take extra caution with cybersecurity
          // requests")
          Clause.of(
              "\\b(?:language )?model refusal\\b|\\btrusted access\\b|\\bcaution with cybersecurity\\b",
              "refusal",
              "trusted access",
              "cybersecurity"),
          // a guardrail that detected personal data ("PII detected: email found 2 occurrence(s)",
          // "Detected 2 instance(s) of email in text content")
          Clause.of(
              "\\bpii detected\\b|\\bdetected \\d+ instances?(?:\\(s\\))? of [^\\n]{0,30}? in (?:the )?(?:text|input|output|content)",
              "pii detected",
              "instance"),
          // a content filter named, in Arabic, Catalan, Czech, Hindi, Polish, Thai and Ukrainian
          // ("مرشح المحتوى", "bloquejada pel filtre de contingut", "zablokowane przez filtr
          // treści")
          Clause.of(
              "مرشح المحتوى|filtre de contingut|filtr(?:em|u)? obsahu|सामग्री फ़िल्टर|filtr(?:em|a|u)? treści|ตัวกรองเนื้อหา|фільтр(?:ом|а|у)? вмісту|фильтр(?:ом|а|у)? содержимого|内容过滤器|內容過濾器",
              "مرشح المحتوى",
              "filtre de contingut",
              "obsahu",
              "सामग्री फ़िल्टर",
              "treści",
              "ตัวกรองเนื้อหา",
              "вмісту",
              "содержимого",
              "内容过滤器",
              "內容過濾器"),
          // a message refused as a prompt injection (LiteLLM's "Rejected message. This is a prompt
          // injection attack.")
          Clause.literals("prompt injection attack"),
          // content blocked for prohibited words, safety, copyright or personal data, in English,
          // Bulgarian and Vietnamese ("Your content contains prohibited words", "Съдържанието е
          // блокирано поради възможни въпроси с авторски права", "chứa nội dung bị cấm")
          Clause.of(
              "\\bcontains? (?:prohibited|banned|forbidden) (?:words|terms|keywords)\\b"
                  + "|забранен\\S* (?:думи|съдържание)"
                  + "|(?:съдържание\\S*|изображение\\S*) (?:е|беше|бе) блокиран\\S*"
                  + "|блокиран\\S* поради[^\\n]{0,30}?(?:безопасност|авторски права)"
                  + "|чувствителна лична (?:идентификационна )?информация"
                  + "|(?:các từ|từ khóa|nội dung) bị cấm"
                  + "|bị chặn vì lý do an toàn",
              "prohibited",
              "banned",
              "forbidden",
              "забранен",
              "блокиран",
              "чувствителна лична",
              "bị cấm",
              "bị chặn"),
          // an answer refused by safety filters, in Norwegian, Icelandic, Lithuanian, Russian,
          // Hebrew and Persian ("avslått av sikkerhetsfiltere", "Öryggissía hafnaði", "отклонён
          // системами безопасности")
          Clause.of(
              "sikkerhetsfilt"
                  + "|sikkerhedsfilt"
                  + "|säkerhetsfilt"
                  + "|tryggingsfilt"
                  + "|öryggissí"
                  + "|saugos filtr"
                  + "|turvasuodat"
                  + "|biztonsági szűr"
                  + "|bezpečnostní filtr"
                  + "|מסנני בטיחות"
                  + "|מסנן בטיחות"
                  + "|فیلترهای ایمنی"
                  + "|فیلتر ایمنی"
                  + "|фильтр\\S{0,3} безопасности"
                  + "|отклон[её]н\\S*[^\\n]{0,20}?систем\\S* безопасности",
              "sikkerhetsfilt",
              "sikkerhedsfilt",
              "säkerhetsfilt",
              "tryggingsfilt",
              "öryggissí",
              "saugos filtr",
              "turvasuodat",
              "biztonsági szűr",
              "bezpečnostní filtr",
              "מסנני בטיחות",
              "מסנן בטיחות",
              "فیلترهای ایمنی",
              "فیلتر ایمنی",
              "безопасности"),
          // content flagged by a system, in Norwegian, Icelandic, Hebrew and Persian ("ble flagget
          // av", "Efnið var flaggað af", "پرچم‌گذاری شده است")
          Clause.of(
              "\\bflagg(?:et|a|að) (?:av|af)\\b|סומן על ידי מערכת|پرچم‌گذاری شده",
              "flagg",
              "סומן על ידי מערכת",
              "پرچم‌گذاری شده"),
          // submitted content that does not conform to the community guidelines, in many languages
          // ("indhold ... retningslinjer for fællesskabet", "tartalmat ... közösségi
          // irányelveinknek", "เนื้อหา ... แนวทางชุมชน")
          Clause.of(
              "(?:content|contenu|contenido|conteúdo|contingut|contenuto|indhold|innhold|innhald|inhalt|sisu|sisällö|sisältö|tartalm|turin|içerik|obsah|treść|תוכן|المحتوى|محتوا|เนื้อหา|コンテンツ|내용|內容|内容|контент)[^\\n]{0,120}?(?:community guideline|community-guideline|community-richtlinie|directrius de la comunitat|retningslinjer for fællesskabet|kogukonna juhis|yhteisön sääntö|közösségi irányelv|bendruomenės gair|topluluk kural|komunitním zásad|wytycznymi społeczności|wytycznych społeczności|הנחיות הקהילה|إرشادات مجتمع|دستورالعمل‌های انجمن|แนวทางชุมชน|コミュニティガイドライン|커뮤니티 가이드라인|社群準則|社区指引|社区准则|правилам сообщества|правилам спільноти|lignes directrices communautaires|pautas comunitarias|diretrizes da comunidade|linee guida della community)",
              "community guideline",
              "community-guideline",
              "community-richtlinie",
              "directrius de la comunitat",
              "retningslinjer for fællesskabet",
              "kogukonna juhis",
              "yhteisön sääntö",
              "közösségi irányelv",
              "bendruomenės gair",
              "topluluk kural",
              "komunitním zásad",
              "wytycznymi społeczności",
              "wytycznych społeczności",
              "הנחיות הקהילה",
              "إرشادات مجتمع",
              "دستورالعمل‌های انجمن",
              "แนวทางชุมชน",
              "コミュニティガイドライン",
              "커뮤니티 가이드라인",
              "社群準則",
              "社区指引",
              "社区准则",
              "правилам сообщества",
              "правилам спільноти",
              "lignes directrices communautaires",
              "pautas comunitarias",
              "diretrizes da comunidade",
              "linee guida della community"),
          // content flagged by a moderation system, in Catalan, Danish, Estonian, Finnish,
          // Hungarian, Latvian, Norwegian, Turkish, Korean, Japanese, Arabic and Tibetan ("sistema
          // de moderació", "moderointijärjestelmämme", "모더레이션 시스템")
          Clause.of(
              "moder(?:a|e|o|á|ā)[^\\s.,;:]{0,14}\\s?(?:system|sistem|sistēm|süsteem|järjestelmä|rendszer|systém)"
                  + "|(?:sistema|system|système|systeem) (?:de |di |van |)mod[eé]r(?:a|e|o|á|ā)"
                  + "|систем\\S{0,3} модерац"
                  + "|모더레이션 시스템"
                  + "|監視システム"
                  + "|審查系統"
                  + "|审查系统"
                  + "|نظام الرقابة"
                  + "|ཞིབ་བཤེར་མ་ལག",
              "moder",
              "modér",
              "модерац",
              "모더레이션 시스템",
              "監視システム",
              "審查系統",
              "审查系统",
              "نظام الرقابة",
              "ཞིབ་བཤེར་མ་ལག"),
          // content withheld for what it is about (Codex: "This content can't be shown. We take
          // extra caution with cybersecurity requests.")
          Clause.literals("content cannot be shown"),
          // an answer blocked by the safety filters, in French and Polish ("bloquée par les filtres
          // de sécurité", "zablokowana przez filtr bezpieczeństwa"), an answer filtered by a guard
          // ("Response filtered by Cortex Guard"), a prompt injection detected
          Clause.literals(
              "filtres de sécurité",
              "filtr bezpieczeństwa",
              "response filtered by",
              "prompt injection detected"),
          // an answer filtered or withheld, an input against the safety policy, content unsafe or
          // against a policy, blocked by safety filters, in Japanese, Korean, Vietnamese,
          // Ukrainian, Arabic, Persian and Malay ("応答がフィルターされました", "응답이 필터링되었습니다", "回答を控えました",
          // "安全性ポリシーに抵触", "nội dung không an toàn", "порушує політику", "فلاتر الأمان", "سياسة
          // المحتوى", "دلایل ایمنی", "قوانین محتوا", "disekat oleh penapis", "фільтром безпеки")
          Clause.literals(
              "フィルターされました",
              "필터링되었습니다",
              "回答を控えました",
              "安全性ポリシー",
              "nội dung không an toàn",
              "порушує політику",
              "فلاتر الأمان",
              "سياسة المحتوى",
              "دلایل ایمنی",
              "قوانین محتوا",
              "disekat oleh penapis",
              "фільтром безпеки"),
          // a prompt named blocked, in Indonesian ("Prompt diblokir.")
          Clause.literals("prompt diblokir"),
          // forbidden words, content against the terms, sensitive words, in Japanese, Korean and
          // Vietnamese ("NGワードが検出されました", "이용 약관을 위반하는 내용")
          Clause.literals("ngワード", "利用規約に反する", "이용 약관을 위반", "từ ngữ nhạy cảm"),
          // a model's refusal named by its stop reason, an answer that got filtered ("The model
          // refused to respond to this request (stop_reason: refusal)", "Oops, your response got
          // filtered")
          Clause.literals(
              "stop_reason: refusal", "refused to respond", "refused to continue", "got filtered"),
          // a prompt blocked by a gateway's guardrail, forbidden words ("Prompt blocked due to
          // security configurations", "输入内容包含违禁词")
          Clause.literals("prompt blocked", "违禁词"),
          // an answer blocked for matching public code, an answer filtered, a topic declined, in
          // the apps' translations ("Désolé, la réponse correspondait à du code public", "Hoppla,
          // Ihre Antwort wurde gefiltert")
          Clause.literals(
              "code public",
              "código público",
              "kodu publicznego",
              "公開程式碼",
              "공개 코드",
              "общедоступным кодом",
              "filtrelendi",
              "wurde gefiltert",
              "foi filtrada",
              "inhoudsfilter",
              "сменим тему",
              "на другую тему",
              "kiểm duyệt"),
          // Gemini's SDK naming a candidate that finished for safety by its number ("The
          // candidate's [finish_reason](…) is 3")
          Clause.of("\\bfinish_?reason\\b[^\\n]{0,100}?\\bis 3\\b", "is 3"),
          // …and in Arabic, Hindi, Thai and Chinese ("لا يمكنني المساعدة في هذا الطلب", ERNIE's
          // "我还没学习如何回答这个问题")
          Clause.literals(
              "لا يمكنني المساعدة", "मदद नहीं कर सकता", "ช่วยเรื่องนั้นไม่ได้", "还没学习如何回答"),
          // a refusal as consumer apps print it: the content may break the usage policy, the app
          // cannot help with it, let's try another topic, in their translations ("Este contenido
          // puede infringir nuestras políticas de uso", "抱歉，我无法回答这个问题，换个话题聊聊吧")
          Clause.literals(
              "no puedo ayudarte con",
              "infringir nuestras",
              "políticas de uso",
              "directivas de contenido",
              "não posso ajudar com",
              "violar nossa",
              "política de uso",
              "enfreindre nos",
              "enfreint nos",
              "essayons un autre sujet",
              "règles d'utilisation",
              "nutzungsrichtlinien",
              "gegen unsere richtlinien",
              "anderes thema",
              "non posso creare immagini",
              "non posso aiutarti",
              "gebruiksbeleid",
              "veiligheidsfilter",
              "over iets anders hebben",
              "kan ik je niet mee helpen",
              "zasady użytkowania",
              "moderacji treści",
              "nie mogę pomóc",
              "nie mogę generować",
              "yardımcı olamam",
              "başka bir konu",
              "политику использования",
              "лучше промолчу",
              "менять тему",
              "правила використання",
              "не можу допомогти",
              "не можу створювати",
              "换个话题",
              "換個話題",
              "无法回答这个问题",
              "无法继续此对话",
              "無法繼續這段對話",
              "無法協助處理",
              "利用規約に違反",
              "コンテンツ ポリシー",
              "この会話を続けることはできません",
              "お応えできません",
              "도와드릴 수 없습니다",
              "더 이상 진행할 수 없습니다",
              "try a different topic",
              "goes against our policies",
              "content has been filtered",
              "matched public code",
              "användarpolicy",
              "telah difilter",
              "έχει αποκλειστεί",
              "להפר את המדיניות",
              "نقض کند",
              "ब्लॉक कर दिया",
              "zkusme jiné téma"),
          // blocked by safety policies or filters, content not allowed, in Bulgarian, Latvian and
          // Persian ("блокирано поради политики за безопасност", "Drošības filtri noraidīja
          // atbildi", "محتوا مجاز نیست")
          Clause.of(
              "политики за безопасност|drošības filtr|محتوا مجاز نیست",
              "за безопасност",
              "drošības filtr",
              "مجاز نیست"),
          // an answer filtered by a responsible-AI service, a prompt or content that may break the
          // usage policy, an image that cannot be made, in Japanese, Korean and Chinese
          Clause.of(
              "\\bmay violate our policies\\b|黄反|責任ある ?ai|책임 있는 ?ai|负责任的 ?ai|フィルター処理され|利用規定に違反|ポリシー違反"
                  + "|정책 위반|정책을 위반|画像は生成できません",
              "may violate our policies",
              "黄反",
              "責任ある",
              "책임 있는",
              "负责任的",
              "フィルター処理され",
              "利用規定に違反",
              "ポリシー違反",
              "정책 위반",
              "정책을 위반",
              "画像は生成できません"),
          Clause.of(
              "\\b(?:safety|moderation|moderated|flagged|nsfw|harmful|inappropriate|censor\\w*"
                  + "|offensive|unsafe|response (?:was )?blocked)\\b",
              "safety",
              "moderat",
              "flagged",
              "nsfw",
              "harmful",
              "inappropriate",
              "censor",
              "blocked",
              "offensive",
              "unsafe"),
          Clause.of(
              "审核|敏感|违规|違規|不適切|セーフティ|유해|검열|модерац|недопустим(?:ое|ый|ого) (?:содерж|контент)"
                  + "|inapropiad|impróprio"
                  + "|inapproprié|unangemessen",
              "审核",
              "敏感",
              "违规",
              "違規",
              "不適切",
              "セーフティ",
              "유해",
              "검열",
              "модерац",
              "недопустим",
              "inapropiad",
              "impróprio",
              "inapproprié",
              "unangemessen"),
          // a request or answer blocked or filtered by a safety system or content policy, in the
          // corpus's languages
          Clause.literals(
              "安全策略",
              "不合规",
              "內容安全",
              "違反使用政策",
              "安全審查",
              "安全上の理由",
              "コンテンツフィルター",
              "민감한",
              "sistema de seguridad",
              "política de contenido",
              "sistema de segurança",
              "política de conteúdo",
              "système de sécurité",
              "politique de contenu",
              "sicherheitssystem",
              "inhaltsfilter",
              "güvenlik sistem",
              "içerik politika",
              "kullanım politika",
              "hệ thống an toàn",
              "chính sách nội dung",
              "sistem keamanan",
              "kebijakan konten",
              "melanggar kebijakan",
              "tidak pantas",
              "sistema di sicurezza",
              "policy sui contenuti",
              "norme di utilizzo"),
          // the answer filtered by a responsible-AI service (Copilot's "the Responsible AI Service
          // filtered the response", as its translations print it)
          Clause.of(
              "\\bresponsible ai\\b|\\bia responsable\\b|ha filtrado la respuesta|filtrou a resposta"
                  + "|a filtré la réponse|ha filtrato la risposta",
              "responsible ai",
              "ia responsable",
              "filtrado la respuesta",
              "filtrou a resposta",
              "filtré la réponse",
              "filtrato la risposta"),
          // blocked for security reasons or by moderation, in Russian
          Clause.of(
              "соображениям безопасности|заблокирован[^\\n]{0,30}?(?:модерац|безопасност)",
              "безопасност",
              "модерац"),
          // safety filters, moderation, guardrails, forbidden or sensitive words, harmful content,
          // in the corpus's languages
          Clause.of(
              "不当内容|不當內容|数据检查失败|使用规范|內容政策|篩選器|安全因素|安全性フィルター|禁止ワード|モデレーション|ガードレール|有害な|안전 필터|금칙어"
                  + "|모더레이션|콘텐츠 필터|в отношении контента|запрещ[её]нные слова|защитными фильтрами"
                  + "|вредоносный контент|фильтром контента|неприемлем|filtro de seguridad"
                  + "|palabras prohibidas|moderación|barreras de seguridad|contenido dañino"
                  + "|filtro de contenido|contenido sensible|filtro de segurança|palavras proibidas"
                  + "|moderação|filtro de conteúdo|conteúdo sensível|filtre de sécurité|mots interdits"
                  + "|modération|garde-fous|contenu nuisible|filtre de contenu|contenu sensible"
                  + "|inhaltsrichtlinie|sicherheitsfilter|verbotene wörter|sensible inhalte",
              "不当内容",
              "不當內容",
              "数据检查失败",
              "使用规范",
              "內容政策",
              "篩選器",
              "安全因素",
              "安全性フィルター",
              "禁止ワード",
              "モデレーション",
              "ガードレール",
              "有害な",
              "안전 필터",
              "금칙어",
              "모더레이션",
              "콘텐츠 필터",
              "в отношении контента",
              "запрещ",
              "защитными фильтрами",
              "вредоносный контент",
              "фильтром контента",
              "неприемлем",
              "filtro de seguridad",
              "palabras prohibidas",
              "moderación",
              "barreras de seguridad",
              "contenido dañino",
              "filtro de contenido",
              "contenido sensible",
              "filtro de segurança",
              "palavras proibidas",
              "moderação",
              "filtro de conteúdo",
              "conteúdo sensível",
              "filtre de sécurité",
              "mots interdits",
              "modération",
              "garde-fous",
              "contenu nuisible",
              "filtre de contenu",
              "contenu sensible",
              "inhaltsrichtlinie",
              "sicherheitsfilter",
              "verbotene wörter",
              "sensible inhalte"),
          // blocked by a security system or safety settings, a copyright or recitation check,
          // forbidden words, in the corpus's languages
          Clause.of(
              "보안상의 이유|보안 시스템|安全系统拦截|安全系統攔截|セキュリティシステム|版权|版權|著作権|저작권|被禁止的詞彙|被禁止的词汇|安全设置|安全設置|安全設定"
                  + "|输出被阻止|輸出被阻止|出力ブロック|출력 차단|引用检查|引用檢查|引用チェック",
              "보안",
              "安全系",
              "セキュリティシステム",
              "版权",
              "版權",
              "著作権",
              "저작권",
              "被禁止",
              "安全设置",
              "安全設置",
              "安全設定",
              "被阻止",
              "出力ブロック",
              "출력 차단",
              "引用"),
          // safety settings, a recitation check, a safety policy, in the corpus's languages
          Clause.literals(
              "sicherheitseinstellungen",
              "recitación",
              "récitation",
              "recitazione",
              "recitação",
              "pengaturan keamanan",
              "güvenlik ayarları",
              "güvenlik nedeniyle",
              "trích dẫn",
              "políticas de segurança",
              "chính sách an toàn"),
          // an answer stopped for safety, a recitation policy or prohibited terms or content, in
          // Chinese ("因安全原因停止响应", "因背诵策略停止响应", "因禁止的术语停止响应")
          Clause.of(
              "因[^\\n]{0,6}?(?:安全|背诵|背誦|禁止)[^\\n]{0,8}?停止(?:响应|回应|回應)", "停止响应", "停止回应", "停止回應"),
          // an answer filtered by a responsible-AI service, in Chinese (Copilot "响应已被负责任 AI 服务过滤")
          Clause.of(
              "负责任 ?ai|負責任 ?ai|已被[^\\n]{0,20}?过滤|已被[^\\n]{0,20}?過濾|responsible ai",
              "负责任",
              "負責任",
              "已被",
              "responsible ai"));

  static final Words RATE_HINTS =
      Words.of(
          // an API's limit named reached, with no account or window named ("API limit reached")
          Clause.literals("api limit reached"),
          // an agent or client being rate-limited, in German, Norwegian, Italian, Spanish, French,
          // Arabic and Ukrainian ("Agent ist ratenbegrenzt", "El agente está limitado por tasa",
          // "Агента обмежено кількістю запитів")
          Clause.of(
              "ratenbegrenzt|hastighetsbegrens|hastighedsbegræns|limitat[oa] dalla frequenza|limitad[oa] por (?:tasa|velocidad)|limitée? en (?:fréquence|débit)|مقيد بحد السرعة|обмежен[оаи]?[^\\n]{0,12}?кількіст[юі] запитів",
              "ratenbegrenzt",
              "hastighetsbegrens",
              "hastighedsbegræns",
              "dalla frequenza",
              "limitado por",
              "limitada por",
              "limité",
              "مقيد بحد السرعة",
              "кількіст"),
          // an assistant, concurrent or parallel request limit reached ("You've reached the
          // assistant request limit")
          Clause.of(
              "\\b(?:reached|hit|exceeded) (?:the |your )?(?:assistant|concurrent|parallel) request limit\\b|\\b(?:concurrent|parallel) request limit (?:of \\d+ )?(?:reached|exceeded|hit)\\b",
              "request limit"),
          // a connection limit exceeded ("Connection limit exceeded")
          Clause.of(
              "(?<!websocket )\\b(?:concurrent )?connection limit (?:exceeded|reached)\\b|\\bexceeded (?:the |your )?(?:concurrent )?connection limit\\b",
              "connection limit"),
          // providers over their limits ("All configured providers are unavailable or over
          // limits.")
          Clause.of(
              "\\bor over (?:their |its )?limits\\b|\\b(?:providers?|keys?|accounts?|deployments?|endpoints?) (?:are |is )?(?:all )?over (?:their |its )?limits\\b",
              "over limits",
              "over their limits",
              "over its limits"),
          // pending tokens capped per account tier ("Request queue reached max pending tokens for
          // tier.")
          Clause.of("\\bpending tokens for (?:your |the |this )?tier\\b", "pending tokens for"),
          // one request at a time: another already in progress ("A prediction is already in
          // progress. Please wait for it to finish")
          Clause.of(
              "\\b(?:a|another) (?:prediction|generation|request) is already (?:in progress|running)\\b",
              "already in progress",
              "already running"),
          // a wait asked for before the next request, in Arabic, Catalan, Czech, Hindi,
          // Indonesian, Italian, Ukrainian, Russian, Swedish, Dutch, Polish, Spanish, Portuguese
          // ("انتظر قبل إرسال طلب آخر", "Attendi prima di fare un'altra richiesta")
          Clause.of(
              "انتظر قبل (?:إرسال|تقديم) طلب|espereu abans de fer|počkejte (?:prosím )?před dalším|अनुरोध करने से पहले प्रतीक्षा|tunggu sebelum membuat|attendi prima di fare|зачекайте перед наступним|подождите перед отправкой|vänta innan du gör en ny|wacht voordat je een ander|poczekaj przed wykonaniem|espera antes de hacer otra|aguarde antes de fazer outra",
              "انتظر قبل",
              "espereu abans",
              "před dalším",
              "से पहले प्रतीक्षा",
              "tunggu sebelum",
              "attendi prima",
              "зачекайте перед",
              "подождите перед",
              "vänta innan",
              "wacht voordat",
              "poczekaj przed",
              "espera antes",
              "aguarde antes"),
          // a request limit exceeded, in Arabic, Italian, Turkish, German ("تم تجاوز حد الطلبات",
          // "Limite di richieste superato", "İstek limiti aşıldı")
          Clause.of(
              "تجاوز(?:ت)? حد الطلبات(?! اليومي| الشهري)|limite di richieste superat|(?:i̇|i)stek limiti aşıldı|(?<!tägliches )(?<!monatliches )anfragenlimit überschritten",
              "حد الطلبات",
              "limite di richieste",
              "stek limiti",
              "anfragenlimit"),
          // a rate limit named, in Danish, Swedish, Norwegian, Spanish, Italian, Catalan, Czech,
          // Indonesian, Ukrainian, Hindi ("Hastighedsgrænse overskredet", "Límite de tasa
          // excedido", "दर सीमा पार हो गई")
          Clause.of(
              "hastighedsgrænse|hastighetsgräns|hastighetsgrense|l[íi]mite de tasa (?:excedid|superad)|limite di velocità|límit de velocitat|limit rychlosti|batas kecepatan|ліміт швидкості|दर सीमा (?:पार|समाप्त|से अधिक)",
              "hastighedsgrænse",
              "hastighetsgräns",
              "hastighetsgrense",
              "de tasa",
              "di velocità",
              "de velocitat",
              "limit rychlosti",
              "batas kecepatan",
              "ліміт швидкості",
              "दर सीमा"),
          // too many requests, in Arabic, Persian and Dutch ("طلبك كثير جدًا", "درخواستهای شما بیش
          // از حد است", "uw verzoek is te veel voor de server")
          Clause.of(
              "(?:طلبك|طلباتك|الطلبات)[^\\n]{0,6}? كثير(?:ة)? (?:جدًا|جدا|للغاية)"
                  + "|عدد كبير (?:جدًا |جدا )?من الطلبات"
                  + "|درخواست(?:‌)?ها(?:ی شما)?[^\\n]{0,6}? بیش از حد (?:است|زیاد)"
                  + "|\\bte veel (?:verzoeken|aanvragen)\\b"
                  + "|\\bverzoek(?:en)? (?:is|zijn) te veel\\b",
              "كثير",
              "عدد كبير",
              "بیش از حد",
              "te veel"),
          // a request limit per window reached, in English, Korean, Russian, Vietnamese, Persian,
          // Japanese, French, Portuguese, Spanish and German ("maximum 60 requests in 1 minutes",
          // "Вы достигли лимита запросов", "Bạn đã đạt giới hạn yêu cầu")
          Clause.of(
              "\\bmax(?:imum)? (?:of )?\\d+ requests (?:in|per|within) (?:\\d+ )?(?:seconds?|minutes?)\\b"
                  + "|요청 수 제한에 도달"
                  + "|\\d+분 내에 최대 \\d+회"
                  + "|достигли (?:общего )?лимита запросов"
                  + "|максимум \\d+ запросов за \\d* ?(?:секунд|минут)"
                  + "|đạt (?:tổng )?giới hạn yêu cầu"
                  + "|alcanzado el l[íi]mite de (?:peticiones|solicitudes)"
                  + "|atingiu o limite de (?:requisições|solicitações)"
                  + "|atteint la limite de requêtes"
                  + "|(?:تم )?الوصول إلى الحد الأقصى لعدد"
                  + "|tối đa \\d+ yêu cầu trong \\d+ (?:giây|phút)"
                  + "|به سقف (?:کل )?درخواست رسیده"
                  + "|حداکثر \\d+ درخواست در \\d+ (?:ثانیه|دقیقه)"
                  + "|\\d+(?:秒|分)間?で最大\\d+リクエスト"
                  + "|maximum \\d+ requêtes (?:en|par) (?:\\d+ )?(?:secondes?|minutes?)"
                  + "|m[áa]ximo (?:de )?\\d+ (?:requisições|solicitações|solicitudes) (?:em|en|por) (?:\\d+ )?(?:segundos?|minutos?)"
                  + "|\\bmaximal \\d+ anfragen (?:in|pro) (?:\\d+ )?(?:sekunden?|minuten?)\\b",
              "requests",
              "peticiones",
              "الحد الأقصى لعدد",
              "요청 수 제한",
              "분 내에 최대",
              "лимита запросов",
              "запросов за",
              "giới hạn yêu cầu",
              "yêu cầu trong",
              "سقف",
              "درخواست در",
              "リクエスト",
              "requêtes",
              "requisições",
              "solicitações",
              "solicitudes",
              "anfragen"),
          // too many (login) attempts in a short time, in 28 languages ("Příliš mnoho pokusů o
          // přihlášení", "For mange loginforsøg på kort tid", "Troppi tentativi di accesso")
          Clause.of(
              "محاولات[^\\n]{0,30}?(?:الكثيرة|كثيرة جدا)"
                  + "|ཐེངས་མང་དྲགས"
                  + "|\\bmassa intents\\b"
                  + "|\\bdemasiados intentos\\b"
                  + "|příliš mnoho pokus"
                  + "|\\bpríliš veľa pokusov\\b"
                  + "|\\bfor mange \\S{0,20}?forsø[gk]\\b"
                  + "|\\bför många \\S{0,20}?försök\\b"
                  + "|\\bliiga palju \\S{0,20}?katse"
                  + "|تعداد زیادی تلاش"
                  + "|\\bliian monta \\S{0,20}?yritys"
                  + "|יותר מדי ניסיונות"
                  + "|\\btúl sok \\S{0,25}? ?kísérlet"
                  + "|\\bterlalu banyak (?:upaya|percobaan)\\b"
                  + "|\\bof margar \\S{0,20}?tilraun"
                  + "|\\btroppi tentativi\\b"
                  + "|多数の\\S{0,8}?試行"
                  + "|\\bper daug \\S{0,20}? ?bandym"
                  + "|\\bpārāk daudz[i]? \\S{0,25}? ?mēģinājum"
                  + "|\\bte veel \\S{0,15}?pogingen\\b"
                  + "|\\bzbyt (?:wiele|dużo) prób\\b"
                  + "|\\bpreveč poskusov\\b"
                  + "|พยายาม[^\\n]{0,25}?มากเกินไป"
                  + "|забагато спроб"
                  + "|слишком много попыток"
                  + "|尝试[^\\n，。]{0,10}?次数过多"
                  + "|嘗試[^\\n，。]{0,10}?次數過多",
              "محاولات",
              "ཐེངས་མང",
              "massa intents",
              "demasiados intentos",
              "pokus",
              "for mange",
              "för många",
              "liiga palju",
              "تعداد زیادی تلاش",
              "liian monta",
              "יותר מדי ניסיונות",
              "túl sok",
              "terlalu banyak",
              "of margar",
              "troppi tentativi",
              "試行",
              "per daug",
              "pārāk daudz",
              "te veel",
              "prób",
              "poskusov",
              "พยายาม",
              "забагато спроб",
              "слишком много попыток",
              "次数过多",
              "次數過多"),
          // requests paced or held back in an app's plain words: a per-minute cap or allowance, max
          // RPM, asking too fast, a lot of requests or queries in a short time or at once, one
          // question at a time, backing off ("Roo is pacing requests", "You're asking too fast",
          // "you've sent a lot of queries in the last minute", "Max RPM reached")
          Clause.of(
              "\\bper-minute (?:request )?(?:cap|allowance)\\b|\\bmax rpm\\b|\\basking too fast\\b"
                  + "|\\ba lot of (?:requests|queries|searches|messages)\\b[^\\n]{0,30}?\\b(?:short time"
                  + "|last minute|at once)\\b|\\blots of requests\\b|\\bone (?:question|message) at a"
                  + " time\\b|\\bpacing requests\\b|\\bholding you back\\b|\\bbefore sending another\\b"
                  + "|\\bbacking off for\\b|\\basked us to back off\\b",
              "per-minute",
              "max rpm",
              "too fast",
              "a lot of",
              "lots of requests",
              "at a time",
              "pacing",
              "holding you back",
              "sending another",
              "backing off",
              "back off"),
          // concurrent requests at their limit, many requests in a short time, in Japanese; many
          // messages, a rate limit, a count of requests over what is allowed, in Arabic and Persian
          // ("同時に実行できるリクエスト数の 上限", "短時間に多数のリクエスト", "عددًا كبيرًا من الرسائل", "محدودیت نرخ
          // درخواست", "تعداد درخواست‌های شما")
          Clause.literals(
              "同時に実行できるリクエスト数",
              "短時間に多数のリクエスト",
              "短時間に大量のリクエスト",
              "عددًا كبيرًا من",
              "محدودیت نرخ",
              "تعداد درخواست"),
          // too many requests, in Ukrainian ("Занадто багато запитів")
          Clause.literals("занадто багато"),
          // requests limited in frequency, in Spanish ("se ha limitado la frecuencia de sus
          // solicitudes")
          Clause.literals("limitado la frecuencia"),
          // a wait of seconds asked for before the next try ("Please wait 20s before retrying")
          Clause.of("\\bwait \\d+(?:\\.\\d+)?\\s?(?:s|secs?|seconds?)\\b", "wait "),
          // …and in Vietnamese, Polish and Arabic ("Niestety, przekroczono limit szybkości tego
          // modelu")
          Clause.literals(
              "giới hạn số lượng yêu cầu", "limit szybkości", "حد المعدل", "طلباتك كثيرة"),
          // messages sent too fast, in the consumer apps' translations ("Je verstuurt te snel
          // berichten")
          Clause.literals(
              "rápido demais",
              "trop rapidement",
              "zu schnell",
              "troppo velocemente",
              "te snel",
              "zbyt szybko",
              "çok hızlı",
              "слишком быстро",
              "занадто швидко",
              "frecuencia de solicitudes",
              "snelheidslimiet",
              "zbyt wiele zapytań"),
          Clause.of(
              "\\b(?:rate[ -]?limit\\w*|throttl\\w*|too many(?! retries)|frequency|too frequently)\\b",
              "rate",
              "throttl",
              "too many",
              "frequen"),
          // "frequent", not "frequently seen" (频繁出现), a user's words around another failure
          Clause.of("频繁(?!出现)", "频繁"),
          Clause.literals(
              "频率",
              "頻率",
              "頻繁",
              "限流",
              "多すぎ",
              "頻度",
              "너무 많",
              "빈도",
              "частот",
              "слишком много",
              "demasiad",
              "muitas",
              "trop de",
              "zu viele",
              "çok fazla",
              "quá nhiều"),
          // requests per minute, concurrency, sending too fast, a rate limit, in the corpus's
          // languages
          Clause.of(
              "\\bqps\\b|每分钟|每分鐘|分あたり|분당|в минуту|por minuto|par minute|pro minute|dakika başına"
                  + "|mỗi phút|per menit|al minuto|并发|同時請求|同時リクエスト|동시 요청|одновременн|(?<!\\.)\\bconcurrent(?!\\.)"
                  + "|simultáne|simultâne|simultané|gleichzeitig|eşzamanlı|đồng thời|bersamaan|太快|過快|过快"
                  + "|速すぎ|너무 빠르|слишком быстро|demasiado rápido|rápido demais|trop rapidement|zu schnell"
                  + "|çok hızlı|quá nhanh|terlalu cepat|troppo velocemente|ratenlimit|límite de velocidad"
                  + "|limite de taxa|limite de débit|hız sınırı|giới hạn tốc độ|batas laju"
                  + "|limite di frequenza|요청 한도|초당|每秒|毎秒|в секунду",
              "qps",
              "초당",
              "每秒",
              "毎秒",
              "в секунду",
              "每分",
              "分あたり",
              "분당",
              "в минуту",
              "por minuto",
              "par minute",
              "pro minute",
              "dakika başına",
              "mỗi phút",
              "per menit",
              "al minuto",
              "并发",
              "同時",
              "동시",
              "одновременн",
              "concurrent",
              "simultáne",
              "simultâne",
              "simultané",
              "gleichzeitig",
              "eşzamanlı",
              "đồng thời",
              "bersamaan",
              "太快",
              "過快",
              "过快",
              "速すぎ",
              "너무 빠르",
              "слишком быстро",
              "demasiado rápido",
              "rápido demais",
              "trop rapidement",
              "zu schnell",
              "çok hızlı",
              "quá nhanh",
              "terlalu cepat",
              "troppo velocemente",
              "ratenlimit",
              "límite de velocidad",
              "limite de taxa",
              "limite de débit",
              "hız sınırı",
              "giới hạn tốc độ",
              "batas laju",
              "limite di frequenza",
              "요청 한도"),
          // a per-minute limit named by its abbreviation alone, in any language ("TPM超出限制",
          // "当前模型 RPM 已达上限"); its own clause, so that its short anchors do not run the one above
          Clause.of("(?<![a-z])(?:tpm|rpm)(?![a-z])", "tpm", "rpm"),
          // sending too often, in English and Russian
          Clause.of("слишком часто|\\btoo often\\b", "слишком часто", "too often"),
          // requests per minute named as a count limit, in Chinese
          Clause.literals("分钟内", "分鐘內", "请求数限制", "請求數限制"));

  static final Words LOAD_HINTS =
      Words.of(
          // every backend a router could send the request to tried and none serving it (Chutes'
          // "exhausted all available targets to no avail", "No instances available (yet)",
          // "tried all upstreams"): no capacity for now, another route may have it
          Clause.of(
              "\\b(?:exhausted|tried) (?:all|every) (?:the )?(?:available )?(?:targets?|instances?"
                  + "|backends?|nodes?|upstreams?|servers?|workers?|replicas?|miners?)\\b"
                  + "|\\bno (?:instances|replicas|backends|workers) available\\b",
              "exhausted all",
              "exhausted every",
              "tried all",
              "tried every",
              "instances available",
              "replicas available",
              "backends available",
              "workers available"),
          // a server's queue full, in Russian, Vietnamese and Japanese (Gradio's "Очередь
          // заполнена",
          // "Hàng đợi đã đầy", "キューがいっぱいです")
          Clause.literals("очередь заполнена", "hàng đợi đã đầy", "キューがいっぱい"),
          // the standard 503 page text about maintenance downtime or capacity problems ("The
          // server is temporarily unable to service your request due to maintenance downtime or
          // capacity problems")
          Clause.of(
              "\\bunable to service your request due to maintenance downtime or capacity problems\\b",
              "capacity problems"),
          // too few free KV-cache tokens for the prompt right now, so try later ("Remaining 36544
          // kvcache tokens, but your prompt requires 112000 new tokens, please request later!")
          Clause.of(
              "\\bremaining \\d+ kv ?cache tokens\\b[^\\n]{0,80}?\\b(?:request|try) (?:again )?later\\b",
              "kvcache tokens",
              "kv cache tokens"),
          // the model provider is currently unavailable, in French, Italian, Norwegian,
          // Portuguese, Turkish, Arabic and Chinese ("Le fournisseur LLM n'est actuellement pas
          // disponible", "LLM sağlayıcısı şu anda kullanılamıyor", "LLM提供商目前無法使用")
          Clause.of(
              "fournisseur[^\\n]{0,30}?n'est actuellement pas disponible|provider[^\\n]{0,30}?non è (?:attualmente|al momento) disponibile|leverandøren er (?:nå )?ikke tilgjengelig|provedor[^\\n]{0,30}?não está atualmente disponível|sağlayıcısı şu anda kullanılamıyor|المزود[^\\n]{0,30}?غير متاح حالي|提供商目前無法使用|提供商当前不可用|提供商目前不可用",
              "fournisseur",
              "provider",
              "leverandøren",
              "provedor",
              "sağlayıcısı",
              "المزود",
              "提供商"),
          // a model or server busy or in trouble, in English, Italian, Romanian and Chinese
          // ("Cannot redo response while the model is generating.", "The OpenAI servers appear to
          // be having trouble", "生成模型时无法重新生成回复")
          Clause.of(
              "\\bwhile (?:the |a )?model is generating\\b|mentre il modello è in fase di generazione|când un model generează|生成模型时无法重新生成|\\bservers? (?:appears?|seems?) to be having (?:trouble|issues|problems)\\b|\\bunsatisfiable request\\b",
              "model is generating",
              "modello è in fase di generazione",
              "model generează",
              "无法重新生成",
              "to be having",
              "unsatisfiable request"),
          // a service too busy or preempted ("gemini is way too hot right now", "gemini est en
          // surchauffe", "The request is aborted by a higher priority request")
          Clause.of(
              "\\bway too hot right now\\b|\\best en surchauffe\\b|مزدحم حاليا|\\baborted by a higher[- ]priority request\\b|\\bwhen all slots are idle\\b",
              "too hot",
              "surchauffe",
              "مزدحم",
              "higher",
              "slots are idle"),
          // no provider available to serve, in Arabic, Danish, Spanish, Italian, Japanese, Korean,
          // Norwegian, Polish, Portuguese, Turkish and Chinese ("Ningún proveedor disponible",
          // "Brak dostępnego dostawcy", "没有可用的提供商")
          Clause.of(
              "لا يوجد مزود متاح|ingen udbyder tilgængelig|ningún proveedor disponible|nessun provider disponibile|nessun fornitore disponibile|利用可能なプロバイダーがありません|사용 가능한 제공자가 없|ingen leverandør tilgjengelig|brak dostępnego dostawcy|nenhum provedor disponível|kullanılabilir sağlayıcı yok|没有可用的提供商|無可用的供應商|没有可用的供应商|kein anbieter verfügbar|aucun fournisseur disponible|нет доступного провайдера|нет доступных провайдеров",
              "مزود",
              "udbyder",
              "proveedor",
              "provider",
              "fornitore",
              "プロバイダー",
              "제공자",
              "leverandør",
              "dostawcy",
              "provedor",
              "sağlayıcı",
              "提供商",
              "供應商",
              "供应商",
              "anbieter",
              "fournisseur",
              "провайдер"),
          // a named model still loading (LocalAI's "model llama3.1:8b is loading on node worker-1
          // (41%, ETA ~11m)", "model llama3.1:8b is staging"; "model is loading" unnamed is read
          // below)
          Clause.of("\\bmodel \\S{1,80} is (?:loading|staging)\\b", "loading", "staging"),
          // a server's request queue full (vLLM's "Request queue full.", "Request queue reached
          // max pending tokens limit.", Ollama's "server busy, please try again. maximum pending
          // requests exceeded")
          Clause.of(
              "\\brequest queue (?:is )?full\\b|\\bqueue reached max pending\\b|\\bmaximum pending requests exceeded\\b",
              "queue"),
          // a server overloaded, in Bulgarian and Persian ("вероятно поради претоварване или
          // поддръжка", "به دلیل بار زیاد یا نگهداری")
          Clause.of(
              "претоварване|претоварен|(?:به دلیل|بخاطر|به علت) بار (?:زیاد|بالا|سنگین)",
              "претовар",
              "بار زیاد",
              "بار بالا",
              "بار سنگین"),
          // an upstream load saturated, in English and Persian ("Current group upstream load is
          // saturated", "بار کانال‌های بالادستی گروه فعلی به حداکثر رسیده است")
          Clause.of(
              "\\bupstream load (?:is )?saturated\\b|بار[^\\n]{0,30}?بالادستی[^\\n]{0,40}?به حداکثر رسیده",
              "saturated",
              "بالادستی"),
          // a relay that failed to get an available channel for the model, in 9 languages ("Failed
          // to get available channels for model gpt-4o", "获取分组 default 下模型 gpt-4o 的可用渠道失败", "Falha
          // ao obter canais disponíveis")
          Clause.of(
              "\\bfailed to (?:get|obtain|fetch) (?:an )?available channels?\\b"
                  + "|获取[^\\n]{0,40}?可用(?:渠道|管道)失败"
                  + "|獲取[^\\n]{0,40}?可用(?:渠道|管道)失敗"
                  + "|利用可能なチャンネルの取得に失敗"
                  + "|사용 가능한 채널을 가져오지 못했"
                  + "|échec de la récupération d(?:u|es) cana(?:l|ux) disponibles?\\b"
                  + "|ошибка получения доступн(?:ых|ого) канал"
                  + "|\\bfalha ao obter cana(?:l|is) disponíve(?:l|is)\\b"
                  + "|không thể lấy kênh khả dụng"
                  + "|دریافت کانال[^\\n]{0,12}?قابل استفاده[^\\n]{0,60}?ناموفق",
              "available channel",
              "可用渠道",
              "可用管道",
              "利用可能なチャンネル",
              "사용 가능한 채널",
              "disponible",
              "доступн",
              "obter can",
              "lấy kênh",
              "دریافت کانال"),
          // a request dropped for backpressure, no instances or not enough free GPUs to start on
          // (Ray Serve's "Request dropped due to backpressure", RunPod's "There are no longer any
          // instances available with the requested specifications", "not enough free GPUs")
          Clause.literals(
              "backpressure", "no longer any instances available", "not enough free gpus"),
          // a provider swamped in an app's plain words ("The AI is overwhelmed right now", "at peak
          // load", "GPT-4o is overcrowded")
          Clause.literals("overwhelmed", "peak load", "overcrowded"),
          // no worker free to take the request ("no AI workers available to process request")
          Clause.of("\\bno (?:\\w+ )?workers available\\b", "workers available"),
          // a system unavailable for now, in Thai ("ระบบ AI ไม่สามารถใช้งานได้ในขณะนี้")
          Clause.literals("ไม่สามารถใช้งานได้ในขณะนี้"),
          // servers overloaded, in Polish ("Serwery dostawcy AI są obecnie przeciążone")
          Clause.literals("przeciążon"),
          // capacity short or all in use, demand very high, a server busy, in Japanese, Korean,
          // Ukrainian, Arabic, Persian and Malay ("処理能力が不足しています", "현재 처리 용량이 모두 사용 중입니다", "서비스 이용량이
          // 많아", "вільних потужностей немає", "النموذج مثقل بالطلبات", "لا توجد سعة متاحة", "سرورها
          // … شلوغ هستند", "Pelayan sedang sesak")
          Clause.literals(
              "処理能力が不足",
              "需要が非常に高",
              "용량 부족",
              "처리 용량",
              "이용량이 많아",
              "서버가 바빠",
              "потужностей немає",
              "مثقل",
              "لا توجد سعة",
              "شلوغ",
              "sedang sesak"),
          // a service suspended for the limits of the provider's servers, in Spanish and English
          // ("Debido a las limitaciones en nuestros servidores, hemos tenido que suspender
          // temporalmente este servicio")
          Clause.literals("limitaciones en nuestros servidores", "server resource constraints"),
          // …and in Arabic ("الخدمة مشغولة حاليًا بسبب الضغط الكبير")
          Clause.literals("مشغول"),
          // …and in Swedish, Vietnamese, Czech, English, Greek, Hebrew, Persian, Arabic, Hindi,
          // Thai and Korean ("ChatGPT har full kapacitet just nu", "현재 이용자가 많아 서비스가 원활하지 않습니다")
          Clause.literals(
              "full kapacitet",
              "lượng truy cập lớn",
              "vysokou poptávku",
              "scheduled maintenance",
              "περιορισμών χωρητικότητας",
              "מגבלות קיבולת",
              "ظرفیت",
              "طلبًا كبيرًا",
              "बहुत ज़्यादा मांग",
              "ผู้ใช้งานจำนวนมาก",
              "사용자가 몰려",
              "이용량이 최대치",
              "이용자가 많아"),
          // high demand, an app at capacity or down for maintenance, as consumer apps word it in
          // their translations ("O Gemini está com muita demanda no momento", "Сервис временно
          // недоступен из-за технических работ")
          Clause.literals(
              "muita demanda",
              "demanda excepcionalmente alta",
              "volumen de tráfico",
              "molto richiesto",
              "sovraccaric",
              "hoge vraag",
              "grote vraag",
              "dużego zapotrzebowania",
              "obciążony",
              "очень много запросов",
              "технических работ",
              "високий попит",
              "на межі своїх можливостей",
              "en maintenance",
              "en mantenimiento",
              "em manutenção",
              "wartungsarbeiten",
              "in manutenzione",
              "onderhoud",
              "yoğun talep",
              "需求量很大",
              "需求過高",
              "需要が高",
              "사용량이 많"),
          // capacity short or requests heavy, or a service down for maintenance, in Korean,
          // Japanese, Chinese and English ("예상치 못한 용량 제약으로", "현재 요청량이 많아",
          // "メンテナンス中のためサービスを利用できません")
          Clause.of(
              "용량 제약|요청량이 많|メンテナンス中|점검 중|维护中|維護中|\\bunder maintenance\\b|بار سنگین",
              "용량 제약",
              "요청량이 많",
              "メンテナンス中",
              "점검 중",
              "维护中",
              "維護中",
              "under maintenance",
              "بار سنگین"),
          Clause.of(
              "\\b(?:busy|capacity|overload\\w*|congest\\w*|high load|heavy load|unavailable)\\b",
              "busy",
              "capacity",
              "congest",
              "load",
              "unavailable"),
          Clause.literals(
              "繁忙",
              "忙碌",
              "暂时不可用",
              "负载",
              "負載",
              "容量",
              "拥挤",
              "混雑",
              "負荷",
              "混み",
              "혼잡",
              "부하",
              "загруж",
              "перегруж",
              "занят",
              "ocupad",
              "sobrecarg",
              "surcharg",
              "occupé",
              "überlast",
              "ausgelastet",
              "meşgul",
              "bận"),
          // high demand, too many users, compute short, capacity, in the corpus's languages
          Clause.of(
              "\\bcompute resources\\b|\\bhigh demand\\b|人数过多|人數過多|需求量|算力|计算资源|計算資源|計算リソース|사용자가 많"
                  + "|수요가 많|нагрузк|вычислительных ресурсов|alta demanda|forte demande|hohe nachfrage"
                  + "|yoğun|kapasite|nhu cầu sử dụng cao|tài nguyên tính toán|sibuk|sangat tinggi"
                  + "|domanda molto elevata|occupato|capacidad|capacidade|capacité|kapazität|capacità"
                  + "|kapasitas",
              "compute resources",
              "high demand",
              "人数过多",
              "人數過多",
              "需求量",
              "算力",
              "计算资源",
              "計算資源",
              "計算リソース",
              "사용자가 많",
              "수요가 많",
              "нагрузк",
              "вычислительных ресурсов",
              "alta demanda",
              "forte demande",
              "hohe nachfrage",
              "yoğun",
              "kapasite",
              "nhu cầu sử dụng cao",
              "tài nguyên tính toán",
              "sibuk",
              "sangat tinggi",
              "domanda molto elevata",
              "occupato",
              "capacidad",
              "capacité",
              "kapazität",
              "capacità",
              "kapasitas"),
          // a service unavailable or overloaded, in Japanese, Chinese and Korean
          Clause.literals(
              "オーバーロード", "過載", "过载", "サービスが利用できません", "服務無法使用", "服务无法使用", "服务不可用", "服務不可用"),
          // a service unavailable, in Spanish, French, Portuguese and Vietnamese
          Clause.literals("no disponible", "indisponible", "indisponível", "không khả dụng"),
          // a service that says it is under load, in English and Chinese ("Our systems are
          // currently experiencing heavy traffic", "Current model load is too high", "more traffic
          // than we can handle", "ChatGPT 目前满负荷运转", "当前排队人数较多")
          Clause.of(
              "\\bexperiencing (?:very |extremely |unusually |exceptionally )?(?:heavy|high|increased"
                  + "|massive|peak) (?:traffic|load|usage|demand|volume)\\b|\\bunder (?:heavy|high"
                  + "|extreme) load\\b|\\bload is (?:too |very |extremely )?high\\b|\\bmore traffic than"
                  + " (?:we|it|the server) can handle\\b|\\b(?:servers?|service|model|system) (?:is |are )?"
                  + "(?:currently |very )?(?:crowded|congested|saturated)\\b|满负荷|排队人数",
              "experiencing",
              "under",
              "load is",
              "more traffic",
              "crowded",
              "congested",
              "saturated",
              "满负荷",
              "排队人数"),
          // an inference server with no free slot or worker, or one still loading its model
          // (llama.cpp, FastChat, Xinference, TGI)
          Clause.of(
              "\\bno (?:free |available )?(?:slots?|workers?|cache slots?)(?: available| found)?\\b|\\bno available (?:workers?|slots?|cache slots?)\\b|\\bnot accepting (?:new )?requests\\b|\\bnot ready for (?:inference|requests)\\b|\\bmodel is not ready\\b|(?<!error )\\bloading model\\b|\\bmodel is (?:still )?loading\\b",
              "slot",
              "worker",
              "accepting",
              "not ready",
              "loading"));

  // A model that serves other tasks than the one asked for ("Model not supported for task
  // text-generation. Supported task: conversational.", "Unsupported model kind for http
  // completion: openai/completion"): it is there; the request is wrong for it.
  static final List<String> OTHER_TASK_SERVED = List.of("supported task", "model kind");

  // A name in single or double quotes (a model's id, a permission), of up to 80 characters.
  private static final String QUOTED_ID = "(?:'[^'\\n]{1,80}'|\"[^\"\\n]{1,80}\")";

  // A conversation, a page, a chat or a bot that cannot be found or no longer exists, in the
  // consumer apps' translations ("No se ha encontrado la conversación", "Чат не найден"); read by
  // row in_band.gone_words after the request row, so that a field or a key named not found is the
  // request's or the key's. What was there and is not any more, or never was where it was asked
  // for, in an app's plain words (row in_band.retired_words): deleted, removed, retired, sunset,
  // discontinued, shut down or deprecated; no longer available, hosted, served or accessible; could
  // not be located or resolved; not in the list, the registry, the settings or the folder; not
  // downloaded or not installed locally; an unknown route or path; no provider that offers it; a
  // URL that does not appear to be the server asked for ("This does not appear to be an Open-WebUI
  // Server") ("Fine-tuned model ft:… was deleted and can no longer be used", "is no longer hosted
  // on the serverless Inference API", "File file_… could not be located", "'ollama/codellama:70b'
  // isn't installed locally", "KoboldCpp: unknown API path", "Void: no provider offers the model").
  // What row in_band.retired_words never reads as gone: a host the DNS cannot find ("Unknown Host …
  // the server does not have a DNS entry … or the server no longer exists"), a value deprecated
  // with another to use instead ("target_lang=\"EN\" is deprecated, please use \"EN-GB\" or
  // \"EN-US\" instead": the request's to change).
  static final List<String> NOT_WHAT_RETIRED = List.of("dns", "unknown host", "instead");

  static final Words RETIRED_HINTS =
      Words.of(
          // a model taken out of service, in German ("Dieses Modell wurde außer Betrieb genommen")
          Clause.literals("außer betrieb genommen"),
          // a model's files not on the device (Apple's Foundation Models: "Model assets
          // unavailable")
          Clause.literals("assets unavailable"),
          Clause.of(
              "\\b(?:was|were|has been|have been|is|got) (?:deleted|removed|retired|sunset"
                  + "|discontinued|shut down|deprecated|pulled)\\b|\\bno longer (?:available|hosted"
                  + "|served|accessible|exists?|be used)\\b|\\b(?:is|is not) (?:served|hosted) by\\b"
                  + "|\\bnot served by\\b|\\bgone upstream\\b|\\b(?:thread|model|agent|bot|file) is gone\\b"
                  + "|\\bnever existed\\b|\\bhas been offline\\b|\\bthe provider retired\\b",
              "deleted",
              "removed",
              "retired",
              "sunset",
              "discontinued",
              "shut down",
              "deprecated",
              "pulled",
              "no longer",
              "served",
              "hosted",
              "gone",
              "never existed",
              "offline"),
          Clause.of(
              "\\bcould(?:n't| not) (?:be )?(?:locate|located|resolved)\\b|\\bcould(?:n't| not)"
                  + " locate\\b|\\b(?:is|is not) (?:not )?(?:in|on) (?:the|your) (?:list|model"
                  + " registry|registry|settings|models? folder|templates folder|serverless model"
                  + " list)\\b|\\bnot in (?:the|your) (?:list of available models|model registry"
                  + "|settings file|models? folder|templates folder)\\b|\\b(?:is not|not)"
                  + " (?:downloaded|installed locally)\\b|\\bunknown (?:route|api path)\\b"
                  + "|\\bis unknown (?:for|to)\\b|\\bno such endpoint\\b|\\bno provider offers\\b"
                  + "|\\bnot provided by any\\b|\\bdo not know a\\b"
                  + "|\\bdoes not appear to be an? [^\\n]{0,40}?\\bserver\\b"
                  // a model named not available, quoted or by an id with a digit, a dash or a
                  // slash in it ("Model gpt-4o is not available on CometAPI")
                  + "|\\bmodel (?:"
                  + QUOTED_ID
                  + "|[a-z0-9][\\w.:@-]*[\\d/-][\\w./:@-]*) is not available\\b"
                  + "(?! in (?:the |this |your )?(?:region|country|location)\\b)",
              "locate",
              "resolved",
              " in ",
              " on ",
              "downloaded",
              "installed locally",
              "unknown",
              "no such endpoint",
              "no provider offers",
              "provided by any",
              "do not know a",
              "appear to be",
              "is not available"));

  static final Words GONE_HINTS =
      Words.of(
          // a model name named invalid in Chinese ("无效的模型名称：gpt-4o-minii"), an endpoint or a
          // resource not found in Spanish ("Endpoint no encontrado")
          Clause.literals("无效的模型名称", "模型名称无效", "no encontrad", "नहीं मिला"),
          // no provider or handler registered for the model or the kind of call ("failed to find a
          // model provider for model [gpt-4o]", "No handler found for delegate type:
          // TEXT_EMBEDDING")
          Clause.literals("find a model provider for", "no handler found for"),
          // a page that cannot be found in Korean ("요청하신 페이지를 찾을 수 없습니다")
          Clause.literals("페이지를 찾을 수 없"),
          // a page or a resource that cannot be found, in Korean ("서버가 요청한 페이지나 리소스를 찾을 수 없습니다")
          Clause.literals("리소스를 찾을 수 없"),
          // an assistant, a file, a vector store, a deployment, a route or a model retired or not
          // found, as SDKs and apps word it in English, Japanese, Korean, Spanish, German, French,
          // Russian, Turkish, Vietnamese and Indonesian ("No assistant found with id", "Die
          // angeforderte Bereitstellung existiert nicht")
          Clause.literals(
              "has been deprecated",
              "no assistant found",
              "no such file object",
              "no vector store found",
              "not exists",
              "no model found matching",
              "invalid url (post",
              "デプロイ",
              "존재하지 않습니다",
              "지원이 종료",
              "no se encontró",
              "desconocido",
              "existiert nicht",
              "n'existe pas",
              "не существует",
              "неизвестная модель",
              "mevcut değil",
              "kullanımdan kaldırıldı",
              "không tồn tại",
              "tidak ada pada",
              "sudah dihentikan"),
          // a model, a provider, an entity or a repository the SDK has none of
          // ("AI_NoSuchModelError: No such
          // languageModel", "Requested entity was not found.")
          Clause.literals(
              "no such languagemodel",
              "no such provider",
              "requested entity was not found",
              "repository not found"),
          // a gateway's route or channel not found (Kong's "no Route matched with those values",
          // one-api's "未找到指定的渠道", "请求路径不存在")
          Clause.literals("no route matched", "未找到指定的", "路径不存在"),
          // …and in Dutch ("Model {{modelId}} niet gevonden")
          Clause.literals("niet gevonden"),
          // …and in English, Czech, Indonesian, Vietnamese, Swedish, Greek, Hebrew, Persian,
          // Arabic, Hindi, Thai, Japanese, Chinese and Korean ("Chat not found. It may have been
          // deleted.", "未找到对话。")
          Clause.literals(
              "conversation not found",
              "chat not found",
              "does not exist or has been deleted",
              "nebyl nalezen",
              "tidak ditemukan",
              "không tìm thấy",
              "hittades inte",
              "δεν βρέθηκε",
              "לא נמצאה",
              "وجود ندارد",
              "لم يتم العثور",
              "नहीं मिली",
              "ไม่พบ",
              "存在しないか",
              "找不到對話",
              "未找到对话",
              "不存在或已被刪除",
              "不存在或已被删除",
              "존재하지 않거나"),
          Clause.literals(
              "no se ha encontrado",
              "não encontrad",
              "introuvable",
              "nicht gefunden",
              "non esiste",
              "nie znaleziono",
              "bulunamadı",
              "не найден",
              "не знайдено",
              "找不到该对话",
              "找不到此對話",
              "会話が見つかりません",
              "대화를 찾을 수 없"),
          // a model, a file or a thread named absent, retired or deleted, in the apps' languages
          // ("The model 'llama3:70b' isn't available anymore", "O modelo … não foi encontrado",
          // "Ce modèle a été retiré … et n'est plus disponible", "Wątek … nie istnieje", "Dit model
          // is uitgefaseerd", "النموذج … غير موجود", "アシスタント … が削除された")
          Clause.literals(
              "available anymore",
              "não foi encontrad",
              "não achei",
              "no corresponde a ningún",
              "kein anbieter",
              "n'est plus disponible",
              "a été retiré",
              "ne correspond à",
              "aucun fournisseur",
              "non trovat",
              "chưa cấu hình",
              "sudah dihapus",
              "nie istnieje",
              "wycofan",
              "już dostępn",
              "bestaat niet",
              "uitgefaseerd",
              "niet langer beschikbaar",
              "غير موجود",
              "لم يعد متاح",
              "削除された",
              "삭제되었"),
          // anything else named not found, gone or removed, as terse lines put it ("file-abc123 not
          // found", "assistant asst_9xK2 no longer exists", "Could not find vector store vs_77ab",
          // "model removed: text-davinci-003", "해당 엔드포인트가 없습니다")
          Clause.of(
              "\\bnot found\\b|\\bnot registered\\b|\\bunknown (?:[\\w-]+ )?model\\b|\\bno longer exists?\\b|\\bdoes not exist\\b|\\bno [\\w ]{1,30}? (?:found )?with id\\b|不存在|見つかりません|\\b(?:could not|cannot|unable "
                  + "to) find\\b|\\bmodel removed\\b|엔드포인트가 없",
              "not found",
              "not registered",
              "unknown",
              "exist",
              "with id",
              "不存在",
              "見つかりません",
              "find",
              "model removed",
              "엔드포인트가 없"));

  // A time allowance named exceeded ("MCP request exceeded 20000 ms.", "execution exceeded 60
  // seconds").
  static final Words ELAPSED_HINTS =
      Words.of(
          // an Elixir process's call that ran out of time ("** (EXIT) time out")
          Clause.literals("(exit) time out"),
          // a polling task gave up while still running ("Max retries exceeded. Task may still be
          // processing.")
          Clause.of("task may still be (?:processing|running)", "task may still be"),
          // a run or model load that outlasted its time limit ("The run exceeded the maximum
          // duration", "The response stream sent no data for 60s", "模型加载时间过长，已被停止")
          Clause.of(
              "\\bsuspended (?:more than|after polling) the maximum\\b|\\bsent no data for \\d+ ?s\\b|\\bexceeded the maximum duration\\b|\\bhit the time limit\\b|\\bfailed to load [^\\n]{0,40}? in \\d+ ?s\\b|加载时间过长",
              "suspended",
              "sent no data",
              "maximum duration",
              "time limit",
              "failed to load",
              "加载时间过长"),
          // nothing received from a stream for a time ("No streaming chunk received for 60.0s",
          // "no data received for 1800000ms"): the wait ran out, whatever the connection did
          Clause.of(
              "\\bno (?:[a-z]+ ){0,2}(?:chunks?|data|bytes|events?|tokens?|response|output)"
                  + " (?:was |were )?received (?:for|in|within) \\d+(?:\\.\\d+)? ?(?:ms|s|seconds?)\\b",
              "received"),
          // an operation that timed out after N seconds, in Catalan, Czech, Spanish, French,
          // Hindi, Italian, Dutch, Polish, Portuguese and Swedish ("expiró después de 60
          // segundos", "is na 60 seconden verlopen", "przekroczyła limit czasu po 60 sekundach")
          Clause.of(
              "(?:esgotat el temps|vypršel[ao]?|expir(?:ó|ou|é)|scadut[ao]|verlopen|przekroczył[ao]? limit czasu|överskred tidsgränsen|टाइमआउट हो गया)[^\\n]{0,20}?\\d+ ?(?:segons|sekund|segundos|secondes|secondi|seconden|sekunder|सेकंड)|(?:na|po|após|après|dopo|después de|després de|efter) \\d+ ?(?:seconden|sekundách|segundos|secondes|secondi|segons|sekunder|sekundach)[^\\n]{0,10}?(?:verlopen|vypršel|expir|scadut|esgotat|överskred)|\\d+ ?सेकंड बाद टाइमआउट",
              "esgotat el temps",
              "vypršel",
              "expir",
              "scadut",
              "verlopen",
              "limit czasu",
              "tidsgränsen",
              "टाइमआउट"),
          // a server wait or connection that ran out of time, in Arabic, Bulgarian, Persian,
          // Portuguese, French and Traditional Chinese ("تجاوز الخادم الوقت المحدد", "времето за
          // свързване на сървъра изтече", "o servidor excedeu o tempo de espera")
          Clause.of(
              "تجاوز[^\\n]{0,15}?(?:الوقت المحدد|المهلة)"
                  + "|времето за (?:изчакване|свързване|отговор|връзка)[^\\n]{0,30}?изтече"
                  + "|изтече времето за (?:изчакване|свързване|отговор)"
                  + "|сървърът изтече"
                  + "|در انتظار[^\\n]{0,25}?زمان ?\\u200c?سنجی کرد"
                  + "|excede(?:u|ram)? o tempo (?:de espera|limite)"
                  + "|tempo de espera (?:esgotado|excedido|expirou)"
                  + "|esgotou o tempo"
                  + "|connexion (?:au|avec le) serveur a expiré"
                  + "|conexão com o servidor expirou"
                  + "|conexión (?:con el|al) servidor (?:ha )?expirado"
                  + "|超時",
              "الوقت المحدد",
              "المهلة",
              "изтече",
              "سنجی کرد",
              "o tempo",
              "tempo de espera",
              "a expiré",
              "expirou",
              "expirado",
              "超時"),
          // no answer received from the upstream server (a gateway timeout), in Spanish, French,
          // Italian, Dutch, Polish, Portuguese, Russian, Bulgarian, Turkish, Vietnamese, Korean
          // and Chinese ("no recibió respuesta del servidor upstream", "не получил ответа от
          // вышестоящего сервера", "没有等到上游服务器的回应")
          Clause.of(
              "(?:no (?:ha )?recibi[óo]|não recebeu|n'a pas reçu de|non ha ricevuto|geen|nie otrzymał|не получи(?:л|ла)?|không (?:đợi|nhận) được) (?:una |ninguna |nenhuma )?(?:respuesta|resposta|réponse|risposta|reactie|antwoord|odpowiedzi|ответа|отговор|phản hồi)[^\\n]{0,30}?(?:upstream|amont|nadrzędn|вышестоящ|нагоре по веригата)"
                  + "|\\bno (?:response|answer) from (?:the )?upstream\\b"
                  + "|\\bdid not (?:get|receive) (?:a |an |any )?(?:response|answer) from (?:the )?upstream\\b"
                  + "|(?:没有|沒有|未)(?:等到|收到|得到)上游[^\\n]{0,10}?(?:回应|响应|回复|回應|響應|回覆)"
                  + "|yukarı akış[^\\n]{0,20}?yanıt (?:alamadı|alınamadı)"
                  + "|상위 서버[^\\n]{0,5}?응답을 (?:기다리지|받지) 못",
              "upstream",
              "amont",
              "nadrzędn",
              "вышестоящ",
              "нагоре по веригата",
              "上游",
              "yukarı akış",
              "상위 서버"),
          // a context's deadline reached (Go's wording, reworded), a batch that expired before it
          // ran ("Context deadline reached", "Batch expired (error_file_id: …)")
          Clause.literals("deadline reached", "batch expired"),
          // an operation aborted with no cause named (a fetch's AbortSignal, most often its
          // timeout: "AbortError: The operation was aborted.")
          Clause.literals("operation was aborted"),
          // PHP's limit on a script's run ("Maximum execution time of 30 seconds exceeded")
          Clause.literals("maximum execution time"),
          // a wait that ran too long in an app's plain words: taking or running too long or longer
          // than expected, waited too long, didn't arrive or finish in time, no answer within a
          // time, gave up waiting, still waiting after, stalled or idle for seconds, too slow to
          // start, a configured time limit or deadline exceeded ("That request ran longer than
          // expected and was stopped", "Raycast AI: Waited too long for a reply", "Gp: response
          // stalled for 45s", "exceeded the configured deadline (30s)")
          Clause.of(
              "\\b(?:taking|took|ran|running) (?:too long|longer than)\\b|\\bwaited too long\\b"
                  + "|\\bdid not (?:arrive|finish [a-z]+|respond) in time\\b|\\bwithin (?:the"
                  + " expected time|\\d+ ?(?:s|sec|seconds|minutes?)\\b)|\\bexceeded (?:the allowed time"
                  + "|the configured deadline|max_execution_time)|\\bgave up (?:waiting|after)\\b"
                  + "|\\bstill waiting after\\b|\\b(?:stalled|idle) for \\d+|\\bstopped sending data\\b"
                  + "|\\btoo slow to\\b|\\bafter waiting \\d+|\\bwaited \\d+ ?s\\b|\\bran past the"
                  + " configured limit\\b|\\bhit the \\d+-minute limit\\b|\\bdid not respond\\b(?! with (?:a )?valid\\b)"
                  + "|\\bno data received\\b[^\\n]{0,30}?\\bfor \\d+",
              "too long",
              "longer than",
              "in time",
              "within",
              "exceeded",
              "gave up",
              "still waiting",
              "stalled",
              "idle for",
              "stopped sending",
              "too slow",
              "after waiting",
              "waited",
              "ran past",
              "minute limit",
              "did not respond",
              "no data received"),
          // a call that took longer than its limit or did not answer in time ("took longer than 297
          // seconds and was aborted", "The AI provider did not answer in time")
          Clause.literals("took longer than", "answer in time"),
          // a wait or a time limit passed, an answer that took too long, in Korean, Malay,
          // Vietnamese, Persian, Indonesian, Turkish and Arabic ("응답 대기 시간 90초를 넘겨", "응답 제한 시간(5초)을
          // 초과", "Permintaan tamat masa", "quá thời gian xử lý", "زمان انتظار", "Respons AI terlalu
          // lama", "60 saniye içinde yanıt vermedi", "وقتًا طويلاً للرد", "بیش از حد طول کشید")
          Clause.literals(
              "대기 시간",
              "제한 시간",
              "tamat masa",
              "quá thời gian",
              "زمان انتظار",
              "terlalu lama",
              "yanıt vermedi",
              "وقتًا طويلاً",
              "طول کشید"),
          // a gateway that got no answer from the server above it in time, in Japanese (LobeChat's
          // 504: "サーバーは上位サーバーからの応答を待っていません")
          Clause.literals("上位サーバーからの応答"),
          Clause.of(
              "\\bexceed(?:ed|s)? (?:the |its )?(?:\\w+ )?\\d+\\s?(?:ms|milliseconds|s|secs?|seconds)\\b",
              "exceed"));

  static final Words NETWORK_HINTS =
      Words.of(
          // a name that did not resolve, a certificate that did not verify, in Japanese ("DNS解決に失敗
          // しました", "SSL証明書の検証に失敗しました"); a server that cannot be connected to, in Turkish
          // ("Ollama sunucusuna bağlanılamıyor")
          Clause.literals("dns解決に失敗", "証明書の検証に失敗", "bağlanılamıyor", "bağlanamıyor"),
          // a message telling the reader to check whether the server it called is up or running
          // ("Failed to get response from /generate endpoint of chain-server. Check if the fastapi
          // server in chain-server is up.")
          Clause.of(
              "\\bcheck (?:if|whether) (?:the )?[^\\n]{0,40}?\\bserver\\b[^\\n]{0,40}? is (?:up|running)\\b",
              "is up",
              "is running"),
          // a browser fetch whose response body stream broke while read ("[Streaming Issue]
          // Anthropic: Error in input stream")
          Clause.of("\\berror in input stream\\b", "error in input stream"),
          // an HTTP/2 stream reset under the request ("StreamResetException: stream was reset:
          // CANCEL", "hyper::Error(Http2, Error { kind: Reset(StreamId(9), NO_ERROR, Remote) })")
          Clause.of(
              "\\bstream was reset\\b|streamresetexception|kind: reset\\(streamid\\(|\\bstream reset by (?:remote|peer)\\b",
              "stream was reset",
              "streamresetexception",
              "kind: reset(streamid(",
              "stream reset by"),
          // a proxy problem, in Chinese ("可能为代理原因，请检查代理是否正常")
          Clause.of("(?:检查|檢查)代理是否正常|可能(?:为|為|是)代理", "代理"),
          // a network error code ("...terminal quick fixes: networkError")
          Clause.of("\\bnetworkerror\\b", "networkerror"),
          // a fetch body cut short or an endpoint not running ("**[Streaming Issue] Anthropic**:
          // terminated", "make sure Xinference endpoint is running at the correct port", "Download
          // incomplete.")
          Clause.of(
              "\\bissue\\]? [^\\n]{0,30}?\\*\\*: terminated\\s*$|\\bmake sure [^\\n]{0,30}?endpoint is running\\b|\\bdownload incomplete\\b|\\bstream did not contain valid utf-8\\b",
              "terminated",
              "endpoint is running",
              "download incomplete",
              "valid utf-8"),
          // a network error connecting to the server, in Spanish and Romanian ("Ocurrió un error
          // de red al conectar con el servidor API", "Eroare de reţea - conectarea la serverul
          // API")
          Clause.of("error de red al conectar|eroare de re[tţț]ea", "error de red", "eroare de re"),
          // a response stream cut before it completed ("Response may be truncated - stream ended
          // before completion.", "The response stream stopped before it completed.", "Token
          // streaming was interrupted or aborted!")
          Clause.of(
              "\\bstream (?:ended|stopped) before (?:it )?complet|\\bresponse stream failed\\b|\\bstreaming was interrupted or aborted\\b",
              "before complet",
              "before it complet",
              "stream failed",
              "streaming was interrupted"),
          // a request that could not be sent or a reply that could not be read ("error sending
          // HTTP request to Anthropic API", "Response decompression failed")
          Clause.of(
              "\\berror sending (?:an? )?(?:http )?request to\\b|\\bresponse decompression failed\\b",
              "error sending",
              "decompression failed"),
          // a byte stream that ended unexpectedly ("stream from Anthropic ended unexpectedly",
          // "Pull stream ended unexpectedly without success")
          Clause.of(
              "\\b(?:[a-z]+ stream|stream from [^\\n]{0,30}?) ended unexpectedly\\b(?![^\\n]{0,30}?\\bno (?:chunks|data|content|output|tokens|response))",
              "ended unexpectedly"),
          // a websocket or transport closed under the request ("Responses websocket closed before
          // opening", "Failed to open Responses websocket", "transport closed")
          Clause.of(
              "\\bwebsocket (?:was )?closed (?:before|during|while|unexpectedly)\\b|\\bfailed to open [^\\n]{0,30}?websocket\\b|\\btransport (?:was |is )?closed\\b",
              "websocket",
              "transport"),
          // a client that disconnected mid-request ("Client unexpectedly disconnected.", "Request
          // is disconnected from the client side")
          Clause.of(
              "\\bclient (?:has )?(?:unexpectedly )?disconnected\\b|\\bdisconnected from the client side\\b",
              "disconnected"),
          // a connection that failed, in Arabic, Catalan, Czech, Hindi, Dutch, Polish and
          // Ukrainian ("فشل الاتصال", "Verbinding mislukt", "Připojení se nezdařilo")
          Clause.of(
              "فشل الاتصال|ha fallat la connexió|la connexió ha fallat|připojení se nezdařilo|nepodařilo se připojit|कनेक्शन (?:असफल|विफल)|verbinding mislukt|verbinding is mislukt|połączenie nie powiodło się|nie udało się połączyć|підключення не вдалося|не вдалося підключитися|з'єднання не вдалося|chyba připojení|помилка підключення|помилка з'єднання",
              "فشل الاتصال",
              "connexió",
              "připojení",
              "připojit",
              "कनेक्शन",
              "verbinding",
              "połączenie",
              "połączyć",
              "підключення",
              "підключитися",
              "з'єднання"),
          // a local server not reachable or not running (LM Studio's "LM Studio is not reachable
          // at ws://127.0.0.1:1234/llm. Is LM Studio running?", "No running Ollama server
          // detected")
          Clause.of(
              "\\bis not reachable at\\b|\\bno running [a-z ]{1,20}?server (?:was )?detected\\b|\\bis [a-z ]{2,20}? running\\?",
              "not reachable at",
              "no running",
              "running?"),
          // a local Ollama named as possibly not running ("Make sure Ollama is running", "Is Ollama
          // running?")
          Clause.literals("ollama is running", "ollama running"),
          // the local Ollama service not available, in Polish, Vietnamese and other languages
          // ("Usługa Ollama jest niedostępna", "Dịch vụ Ollama không khả dụng")
          Clause.of(
              "ollama[^\\n]{0,15}?(?:jest niedostępn|nie jest dostępn|không khả dụng|недоступ|nicht verfügbar|nicht erreichbar|no está disponible|non è disponibile|n'est pas disponible|indisponível|不可用|無法使用)",
              "ollama"),
          // a proxy that asks for authentication (HTTP 407), in Arabic, Bulgarian, Persian,
          // Turkish, Chinese, Japanese and Korean ("تحتاج إلى مصادقة الوكيل", "трябва да
          // удостоверите прокси сървъра", "您需要进行代理认证")
          Clause.of(
              "مصادقة الوكيل"
                  + "|(?:удостовер|аутентифик|автентик)[^\\n]{0,30}?прокси"
                  + "|прокси[^\\n]{0,20}?(?:удостовер|аутентифик|автентик)"
                  + "|احراز هویت پروکسی"
                  + "|vekil kimli[gğ]"
                  + "|代理(?:认证|認證|验证|驗證|身份验证|身份驗證)"
                  + "|(?:プロキシ|프록시) ?(?:認証|인증)",
              "مصادقة الوكيل",
              "прокси",
              "پروکسی",
              "vekil kimli",
              "代理",
              "プロキシ",
              "프록시"),
          // an HTTP client that could not open its connection (ESP-IDF's "Failed to open
          // client!"), Node's fetch whose socket closed under it ("TypeError: terminated"), a
          // server that does not answer ("LLM server is not responding")
          Clause.literals("failed to open client", "typeerror: terminated", "not responding"),
          // no way to the server in an app's plain words: no internet, back online, no route to
          // host, cannot or failed to reach or contact an endpoint, can't talk to the local
          // service, a server not available or not running, a link lost before any reply, a
          // firewall ("No internet. Gemini will respond once you're back online", "Cannot reach the
          // API endpoint", "Msty can't talk to the local service")
          Clause.of(
              "\\bno internet\\b|\\bback online\\b|\\bno route to host\\b|\\b(?:cannot"
                  + "|failed to|unable to) reach\\b|\\bcannot talk to\\b|\\blost its link\\b"
                  + "|\\bfirewall\\b|\\b(?:unable to|could(?:n't| not)) contact\\b|\\bserver is not"
                  + " available\\b|\\b(?:server|ollama) (?:is )?not (?:running|available)\\b",
              "internet",
              "online",
              "route to host",
              "reach",
              "talk to",
              "lost its link",
              "firewall",
              "contact",
              "not available",
              "not running"),
          // a service that could not be connected to, or must be started and reachable, in Hindi
          // and Polish ("एम्बेडर सेवा से कनेक्ट करने में विफल", "Upewnij się, że jest uruchomiona i
          // dostępna"); a WebSocket that failed ("Websocket failed, terminating session")
          Clause.literals(
              "कनेक्ट करने में विफल", "jest uruchomiona i dostępna", "websocket failed"),
          // a connection that could not be made, a domain name that did not resolve, in Ukrainian,
          // Persian and Arabic ("Не вдалося з'єднатися", "اتصال به سرور برقرار نشد", "تعذر الاتصال
          // بالخادم", "فشل حل اسم النطاق")
          Clause.literals("з'єднатися", "برقرار نشد", "تعذر الاتصال", "حل اسم النطاق"),
          // a local service to start and make reachable ("Please ensure it's running and
          // accessible", "実行中でアクセス可能であることを確認してください")
          Clause.literals("running and accessible", "実行中でアクセス可能", "실행 중이고 접근 가능"),
          // …and in Portuguese and Polish ("Falha ao conectar ao servidor", "Nie udało się
          // połączyć")
          Clause.literals("falha ao conectar", "nie udało się połączyć"),
          // a host name that did not resolve, a network error, in Portuguese, Spanish, French,
          // Japanese and Chinese ("Erro de rede: não foi possível resolver o nome api.groq.com")
          Clause.literals(
              "erro de rede",
              "resolver o nome",
              "resolver el nombre",
              "résoudre le nom",
              "名前解決",
              "域名解析"),
          // …and in Swedish, Czech, Greek, Hebrew, Persian, Arabic, Hindi and Thai
          Clause.literals(
              "internetanslutning",
              "připojeni k internetu",
              "σφάλμα δικτύου",
              "חיבור לאינטרנט",
              "اتصال اینترنت",
              "خطأ في الشبكة",
              "इंटरनेट कनेक्शन",
              "เชื่อมต่อ"),
          // an internet connection to check, in Dutch, Polish and Ukrainian
          Clause.literals(
              "internetverbinding",
              "połączenie z internetem",
              "błąd sieci",
              "підключення до інтернету",
              "не вдалося підключитися"),
          // a connection, the network, a socket, DNS, TLS, a proxy named (not a connector: a
          // product's or a module's name, "API Connector", "semantic_kernel.connectors"; nor a
          // gateway's key: "Proxy key not found", "Invalid proxy server token passed")
          Clause.of(
              "\\b(?:connect(?!ors?\\b)\\w*|network|socket|dns|ssl|tls|unreachable|offline|proxy(?! (?:key|server token)\\b)|handshake)\\b",
              "connect",
              "network",
              "socket",
              "dns",
              "ssl",
              "tls",
              "unreachable",
              "offline",
              "proxy",
              "handshake"),
          Clause.literals(
              "网络",
              "網路",
              "网路",
              "连接",
              "連線",
              "連接",
              "ネットワーク",
              "接続",
              "네트워크",
              "연결",
              "сеть",
              "сетев",
              "соединен",
              "подключ",
              "conexi",
              "conexão",
              "réseau",
              "connexion",
              "netzwerk",
              "verbindung",
              "bağlantı",
              "kết nối",
              "koneksi"),
          // a request to the API that could not be completed, in Turkish (ChatGPTBox's "Tarayıcı,
          // API uç noktasına yapılan isteği tamamlayamadı")
          Clause.of("isteği tamamlayamadı", "tamamlayamadı"),
          // an API or a service that could not be reached, in Chinese ("无法访问openai的api",
          // "请检查服务是否可以正常访问")
          Clause.of(
              "(?:无法访问|無法存取)[^\\n]{0,12}?(?:api|接口|服务|服務|网站|網站|地址)|是否可以正常访问",
              "无法访问",
              "無法存取",
              "正常访问"),
          // could not connect, the network, in Turkish and Italian
          Clause.literals("bağlanılamadı", "connessione", "di rete"),
          // could not connect, in Indonesian
          Clause.literals("terhubung"),
          // a proxy error or a proxy server, in Chinese, Japanese and Korean
          Clause.of("代理错误|代理伺服器|代理服务器|代理位址|代理地址|プロキシ|프록시", "代理", "プロキシ", "프록시"),
          // a local server not running at its address, a host not found, in English, Chinese and
          // Japanese
          Clause.of(
              "\\bnot running at\\b|\\bhost not found\\b|未找到[^\\n]{0,12}?主机|主机[^\\n]{0,12}?(?:未找到"
                  + "|找不到)|ホストが見つかりません|で実行されていません|未在[^\\n]{0,60}?运行",
              "not running at",
              "host not found",
              "主机",
              "ホストが見つかりません",
              "で実行されていません",
              "运行"),
          // an engine or a host that could not be reached, a WebSocket closed without its closing
          // handshake, a body cut before its end ("The AnythingLLM LLM engine instance could not be
          // reached", websockets' "no close frame received or sent", aiohttp's "Response payload is
          // not completed")
          Clause.of(
              "\\b(?:could not|cannot) be reached\\b|\\bclose frame\\b|\\bpayload is not completed\\b",
              "be reached",
              "close frame",
              "payload is not completed"),
          // a stream's chunk the client could not read ("Error parsing item: {\"object\":
          // \"chat.completion.chunk\", …"): the stream was cut
          Clause.literals("chat.completion.chunk"),
          // Safari's fetch failure ("Load failed"), also after an app's prefix ("API 请求失败：Load
          // failed"); a browser that blocked the request by its CORS policy
          Clause.of("(?m)(?:^|[:：]\\s*)load failed\\.?$", "load failed"),
          Clause.literals("cors policy"),
          // a response interrupted, a proxy error, in Spanish and Russian
          Clause.literals("respuesta interrumpida", "ответ прерван", "прокси"),
          // an SDK connection error class named inside a retry wrapper (tenacity "raised
          // APIConnectionError")
          Clause.of("\\bapiconnectionerror\\b|\\braised connectionerror\\b", "connectionerror"),
          // a stream or connection that ended early ("EOF while parsing", "unexpected EOF",
          // asyncio's
          // "0 bytes read on a total of 11 expected bytes")
          Clause.of("\\beof\\b", "eof"),
          // …or in words ("Unexpected end of stream", "premature end of the event stream"), and a
          // stream that closed before its answer came through ("Stream closed before any content
          // was received", "stream ended before the model finished")
          Clause.of(
              "\\b(?:unexpected|premature) end of (?:the )?(?:event |sse |response |data )?stream\\b"
                  + "|\\bstreams? (?:ended|closed|terminated|stopped) before (?:any |the )?(?:content"
                  + "|output|text|tokens?|answer|model|response|completion)\\b",
              "unexpected end of",
              "premature end of",
              "ended before",
              "closed before",
              "terminated before",
              "stopped before"),
          Clause.literals("bytes read on a total of"));

  // An answer or its stream named ended before it was whole, or for a reason other than a clean
  // finish: the stream stopped on a tool call the request did not declare, on the output limit
  // with no text, or without a finish reason at all (Gemini CLI's "Model stream ended with
  // unexpected tool call.", "Response stopped due to unexpected tool call.", "Model stream ended
  // due to token limit exhaustion (MAX_TOKENS) with empty response text.", an SDK's "finish_reason
  // not specified", "The model stopped without producing output"; in Chinese, Spanish, French and
  // German: "流式响应意外结束", "la respuesta terminó inesperadamente", "la réponse s'est terminée de
  // manière inattendue", "Antwort wurde unerwartet beendet"). Names the answer, so request words
  // beside it ("max_tokens", "must start with") do not decide (namesTheAnswer); read as an empty
  // answer by EMPTY_HINTS, after the server's own failure ("Response stream finished unexpectedly
  // with internal error: Internal server error").
  static final Clause ANSWER_ENDED_EARLY =
      Clause.of(
          "\\b(?:stream|response|generation|output|completion|answer)s? (?:ended|stopped|finished"
              + "|terminated|halted)\\b(?: [a-z]+)?? (?:unexpectedly|prematurely|abruptly)",
          "unexpectedly",
          "prematurely",
          "abruptly");

  // …or for a reason named, or with what it should not have held
  static final Clause ANSWER_ENDED_FOR_A_REASON =
      Clause.of(
          "\\b(?:stream|response|generation|output|completion|answer)s? (?:ended|stopped|finished"
              + "|terminated|halted) (?:due to\\b|with (?:an? )?(?:unexpected|malformed|invalid"
              + "|empty)\\b)",
          "ended due",
          "ended with",
          "stopped due",
          "stopped with",
          "finished due",
          "finished with",
          "terminated due",
          "terminated with",
          "halted due",
          "halted with");

  // …or a model that stopped with nothing produced
  static final Clause STOPPED_WITHOUT_OUTPUT =
      Clause.of(
          "\\b(?:model|llm|assistant|provider) (?:stopped|ended|finished|terminated) without "
              + "(?:producing|generating|returning) (?:any )?(?:output|text|content|answer|response)\\b",
          "without producing",
          "without generating",
          "without returning");

  // …without a finish reason
  static final Clause FINISH_REASON_MISSING =
      Clause.of(
          "\\bfinish[_ ]reason (?:not specified|is missing|missing|was not (?:set|given|received))\\b"
              + "|\\bno finish[_ ]reason\\b",
          "finish_reason",
          "finish reason");

  // …and in Chinese, Spanish, French and German
  static final Clause ANSWER_ENDED_EARLY_ELSEWHERE =
      Clause.of(
          "(?:流式)?(?:响应|回复|输出|生成|響應|回覆|輸出)(?:意外|异常|異常)(?:结束|终止|停止|結束|終止)"
              + "|\\brespuesta (?:terminó|finalizó|se detuvo) (?:inesperadamente|de forma inesperada)"
              + "|\\bréponse s'est (?:terminée|arrêtée) de (?:manière|façon) inattendue"
              + "|\\bantwort wurde unerwartet (?:beendet|abgebrochen)",
          "意外",
          "异常",
          "異常",
          "inesperad",
          "inattendue",
          "unerwartet");

  // …as the Words a row reads (namesTheAnswer)
  static final Words ANSWER_ENDED_ABNORMALLY =
      Words.of(
          ANSWER_ENDED_EARLY,
          ANSWER_ENDED_FOR_A_REASON,
          STOPPED_WITHOUT_OUTPUT,
          FINISH_REASON_MISSING,
          ANSWER_ENDED_EARLY_ELSEWHERE);

  static final Words EMPTY_HINTS =
      Words.of(
          // a response named without a body, a run that concluded without a message from the
          // server (the Anthropic SDK's "Attempted to iterate over a response with no body",
          // "ToolRunner concluded without a message from the server")
          Clause.of(
              "\\bresponse (?:with|has|had) no body\\b|\\bno body in (?:the )?response\\b"
                  + "|\\b(?:concluded|finished|completed|ended|returned) without (?:a |an |any )?"
                  + "(?:message|response|reply|answer|output) from (?:the )?"
                  + "(?:server|model|api|provider|llm)\\b",
              "no body",
              "message from",
              "response from",
              "reply from",
              "answer from",
              "output from"),
          // an answer or its stream ended before it was whole (ANSWER_ENDED_ABNORMALLY)
          ANSWER_ENDED_EARLY,
          ANSWER_ENDED_FOR_A_REASON,
          STOPPED_WITHOUT_OUTPUT,
          FINISH_REASON_MISSING,
          ANSWER_ENDED_EARLY_ELSEWHERE,
          // an answer counted as holding no output tokens ("… 0 characters, 0 tool calls, 0 prompt
          // tokens, 0 completion tokens"), a commit message generated empty ("Aborting commit due
          // to empty commit message.", "Commit b78b84e (no commit message provided)")
          Clause.of(
              "\\b0 completion tokens\\b|\\bdue to empty commit message\\b|\\(no commit message provided\\)",
              "0 completion tokens",
              "commit message"),
          // no answer, with the advice to ask again ("IsEmpty No answer, try again"), no result
          // returned, in Chinese ("接口未返回结果"; read after a content filter's words, which say why:
          // "生成内容因触发安全策略被过滤，未返回结果")
          Clause.of("\\bno answer[,.]? (?:please )?try again\\b", "no answer"),
          Clause.literals("未返回结果"),
          // no reply obtained from the model, the AI named not replying, in Chinese ("未获取到模型回复",
          // "AI没有回复，请重试")
          Clause.of(
              "未(?:能)?(?:获取|獲取|收到|得到)(?:到)?(?:模型|大模型|ai|llm)?的?(?:回复|回覆|响应|響應|回答)"
                  + "|(?:ai|模型|大模型|助手)(?:没有|沒有|未)(?:回复|回覆|响应|響應|回答)",
              "回复",
              "回覆",
              "响应",
              "響應",
              "回答"),
          // an agent's "The model did not provide any response content", "Thinking completed, but
          // no output was generated" and "no text content received from the LLM response" in its
          // locales: a negation, then the answer's content or output ("Das Modell hat keinen
          // Antwortinhalt geliefert", "Il modello non ha fornito alcun contenuto di risposta",
          // "Модель не предоставила никакого содержимого ответа", "모델이 응답 내용을 제공하지
          // 않았습니다", "Denken abgeschlossen, aber es wurde keine Ausgabe generiert", "思考完成，但未產生輸出",
          // "未从 LLM 响应中接收到文本内容")
          Clause.of(
              "\\bkeinen antwortinhalt"
                  + "|\\b(?:non ha fornito|non è stato fornito) alcun contenuto"
                  + "|\\b(?:no proporcionó|no se proporcionó) ningún contenido"
                  + "|\\bn'a fourni aucun contenu"
                  + "|\\bnão forneceu nenhum conteúdo"
                  + "|\\bno ha proporcionat cap contingut"
                  + "|\\bgeen reactie-inhoud"
                  + "|не предоставила никакого содержимого"
                  + "|\\byanıt içeriği sağlamadı"
                  + "|không cung cấp bất kỳ nội dung phản hồi"
                  + "|\\btidak memberikan konten respons"
                  + "|응답 내용을 제공하지"
                  + "|प्रतिक्रिया सामग्री प्रदान नहीं"
                  + "|未提供任何(?:响应|回应|回應|響應)内容"
                  + "|応答内容を提供しませんでした"
                  + "|\\bkeine ausgabe (?:generiert|erzeugt)"
                  + "|\\baucune sortie (?:générée|produite)"
                  + "|\\bgeen uitvoer gegenereerd"
                  + "|çıktı oluşturulmadı"
                  + "|\\bningún resultado generado|\\bno se generó (?:ninguna )?salida"
                  + "|\\bnenhuma saída (?:gerada|foi gerada)"
                  + "|\\bnessun output generato"
                  + "|未(?:产生|產生|生成)(?:任何)?输出|未(?:产生|產生|生成)(?:任何)?輸出"
                  + "|\\bno text content received"
                  + "|未(?:从|從)[^\\n]{0,20}?(?:响应|響應)中接收到"
                  + "|からテキストコンテンツを受信できません"
                  + "|\\bkein textinhalt von\\b"
                  + "|не получен текстовый контент"
                  + "|no s'ha rebut contingut de text",
              "antwortinhalt",
              "alcun contenuto",
              "ningún contenido",
              "aucun contenu",
              "nenhum conteúdo",
              "cap contingut",
              "reactie-inhoud",
              "никакого содержимого",
              "yanıt içeriği",
              "nội dung phản hồi",
              "konten respons",
              "응답 내용",
              "प्रतिक्रिया सामग्री",
              "内容",
              "ausgabe",
              "aucune sortie",
              "uitvoer",
              "çıktı",
              "salida",
              "resultado generado",
              "saída",
              "output generato",
              "输出",
              "輸出",
              "text content",
              "接收到",
              "テキストコンテンツ",
              "textinhalt",
              "текстовый контент",
              "contingut de text"),
          // a model reply with nothing usable in it ("No usable translation in llama.cpp advanced
          // (local LLM) reply")
          Clause.of(
              "\\bno usable (?:[a-z]+ ){0,2}?in [^\\n]{0,60}?\\b(?:reply|response|output|answer)\\b",
              "no usable"),
          // a model that returned a response not in the format expected ("The LLM that you're
          // using right now returned a response that does not adhere to the format our framework
          // expects")
          Clause.of(
              "\\b(?:returned|gave|sent|produced) (?:a |an )?(?:response|answer|reply|output) that (?:does not|did not) (?:adhere|conform|match|comply) (?:to|with) the (?:expected )?format\\b",
              "adhere",
              "conform",
              "match",
              "comply"),
          // a response whose choices came back null, the name in backticks or quotes ("Received
          // response with null value for `choices`")
          Clause.of("\\bnull value for [`'\\\"]?choices\\b", "null value for"),
          // a tool call that could not be parsed from the model's output, or a model output with
          // no JSON ("Error while parsing tool call from model output", "The model output does not
          // contain any JSON blob")
          Clause.of(
              "\\b(?:error|failed|failure|unable|could not)[^\\n]{0,20}?\\bpars(?:e|ing) (?:the )?(?:tool call|function call|action|json|response|answer)s? from (?:the )?(?:model|llm)(?:'s)? (?:output|response|reply|answer)\\b|\\b(?:model|llm)(?:'s)? (?:output|response|reply) (?:does not|did not) contain (?:any |a |an )?(?:valid )?json\\b",
              "from model",
              "from the model",
              "from llm",
              "from the llm",
              "contain"),
          // empty candidates/completion or no content from the model ("Gemini request failed:
          // candidates is empty", "API 返回的 completion 为空", "LLM 未响应任何内容")
          Clause.of(
              "candidates? (?:is|are) empty|content parts are empty|返回的 ?(?:completion|candidates?|candidate\\.content(?:\\.parts)?) ?(?:为空|為空)|请求结果为空|請求結果為空|未(?:响应|響應|回应|回應)任何内?內?容|返回了非 ?json",
              "empty",
              "为空",
              "為空",
              "任何",
              "返回了非"),
          // a provider response with no data, transcript or audio ("Missing 'data' in response",
          // "no speech text in response", "MiMo TTS API returned no audio payload")
          Clause.of(
              "(?:missing|empty) '?(?:data|embedding|choices|results?|content|output)'? in response|no (?:valid )?speech (?:content|text) in response|contains no valid transcript|missing transcription text|returned no audio|no audio (?:content|data|payload) returned|未返回(?:音频|音頻)",
              "in response",
              "transcript",
              "no audio",
              "未返回"),
          // a run ending with no usable model answer ("agent run error : no final result
          // received", "No valid response received", "no valid object generated in stream")
          Clause.of(
              "no final (?:result|answer|response) received|no valid response received|did not produce a valid (?:assistant )?response|response does not contain (?:any )?(?:message )?content|empty (?:summary|response|result|answer) returned|no valid object generated|(?:parse|parsing) (?:llm|model)(?:'s)? (?:structured )?output failed",
              "no final",
              "no valid response",
              "did not produce",
              "does not contain",
              "returned",
              "object generated",
              "output failed"),
          // a model answer that was missing or not in the expected shape ("No response from
          // model", "The language model incorrectly formatted its response", "upstream did not
          // return any image output")
          Clause.of(
              "\\bno response (?:content\\b|from (?:the )?(?:model|language model|llm)(?=\\s*(?:$|[.!,;\\n]))|in upstream response\\b)|did not return any (?:image |video |audio )?output|failed to retrieve [^\\n]{0,30}?from (?:the )?llm response|(?:model|llm) incorrectly formatted its response|no valid json (?:object )?found in (?:the )?response|response does not contain the expected|response did not contain a parseable|non-json arguments|invalid response rec(?:ei|ie)ved from [^\\n:]{1,30}: \\{(?!\"error\")|\\b(?:image|video|audio) ur[il] is empty\\b|\\bempty (?:image|video|audio) ur[il]\\b",
              "no response",
              "did not return any",
              "llm response",
              "incorrectly formatted its response",
              "no valid json",
              "does not contain the expected",
              "did not contain a parseable",
              "non-json arguments",
              "invalid response rec",
              " url is empty",
              " uri is empty",
              "empty image ur",
              "empty video ur",
              "empty audio ur"),
          // a model output the client could not use: no answer or tool use to extract, not in the
          // expected format, nothing in it ("Could not extract final answer from input text",
          // "Output parser returned <class 'str'>", "Response does not appear to be in patch
          // format")
          Clause.of(
              "\\bcould not extract (?:the )?(?:tool use|final answer|action)\\b|\\bfailed to convert (?:the )?output to json\\b|\\boutput parser returned\\b|\\bexceeded maximum output retries\\b|\\b(?:response|output) does not appear to be in [^\\n]{0,20}?\\bformat\\b|\\boutput wrapper is an empty\\b|\\bmodel produced [^\\n]{0,40}?\\bwithout (?:a|an) [^\\n]{0,20}?\\b(?:tool|executor)\\b|\\bno stop reason found\\b|\\bno message generated\\b|\\breturned no result\\b(?! for)|\\bno data was sent by the server\\b|\\bbut received 0\\b|\\bexpected (?:\\d+|one|exactly one) [^\\n]{0,30}?\\bgot 0\\b|\\bno valid content\\b",
              "could not extract",
              "failed to convert",
              "output parser returned",
              "maximum output retries",
              "does not appear to be in",
              "output wrapper",
              "model produced",
              "no stop reason",
              "no message generated",
              "returned no result",
              "no data was sent",
              "received 0",
              "got 0",
              "no valid content"),
          // a model response that came back invalid or in an unexpected shape ("Invalid response
          // from model", "Invalid LLM response format from model gpt-4o", "An invalid response was
          // returned by Bedrock")
          Clause.of(
              "(?:\\b(?:invalid|unexpected) (?:response|output)(?: type| format)? (?:from|by) (?:the )?(?:[a-z0-9]+ )?(?:model|llm)\\b|\\binvalid llm (?:response|output)\\b|\\binvalid response was returned by\\b|\\binvalid response, unable to\\b|\\binvalid response format: missing\\b|\\bunexpected (?:response|tool call) type from\\b)(?![^\\n]{0,120}?(?:refus|safety|polic|filter|block|moderat|content_filter|connection|timed? ?out|remote end))",
              "invalid response",
              "invalid output",
              "unexpected response",
              "unexpected output",
              "invalid llm",
              "unexpected tool call"),
          // a model response or output without the fields it should carry ("The response from
          // Cohere model does not contain embeddings", "LLM response is missing the \"output\"
          // key", "Missing expected key in response")
          Clause.of(
              "(?:\\b(?:response|output)\\b[^\\n]{0,40}?\\b(?:does not|did not) (?:contain|have|include) (?:any |an? |the )?(?:`?[a-z_]+`? field|embeddings?|data|content|choices|candidates|text)\\b|\\bresponse (?:is )?missing (?:the )?(?:\\\"[a-z_]+\\\" key|content|choices)\\b|\\bmissing expected keys? in (?:the )?(?:json|response|output)\\b|\\bmissing from (?:the )?[a-z]+ response\\b|\\bresponse with null `?choices\\b)(?![^\\n]{0,120}?(?:refus|safety|polic|filter|block|moderat|content_filter|connection|timed? ?out|remote end))",
              "does not",
              "did not",
              "missing",
              " null "),
          // a model that did not produce or send a usable response ("The model did not send a
          // completed response", "Model did not produce a final response!", "I couldn't generate a
          // response")
          Clause.of(
              "(?:\\bdid not (?:send|produce|return|give) (?:a |any )?(?:completed|complete|final|usable) (?:response|answer)\\b|\\b(?:could not|unable to) generate a (?:proper |valid )?response\\b|\\bfailed to get (?:a )?response from (?:the )?model\\b|\\bfailed to get content from (?:the )?(?:chat )?completion\\b|\\bnot possible to produce a (?:structured )?response\\b)(?![^\\n]{0,120}?(?:refus|safety|polic|filter|block|moderat|content_filter|connection|timed? ?out|remote end))|\\bproduced no (?:assistant text|assistant message|tool call)\\b",
              "did not",
              "generate a",
              "failed to get",
              "not possible to produce",
              "produced no"),
          // a stream or response cut off or carrying empty or malformed chunks ("The streamed
          // response ended without a result", "Truncated event message received", "Stream returned
          // undefined chunk")
          Clause.of(
              "\\b(?:streamed |stream )?response ended without\\b|\\bresponse may be incomplete\\b|\\bmissing completion signal\\b|\\bincomplete json response\\b|\\btruncated event message\\b|\\bundefined chunk\\b|\\bconsecutive empty chunks\\b|\\bchunk with unexpected format\\b",
              "response ended without",
              "response may be incomplete",
              "missing completion signal",
              "incomplete json response",
              "truncated event message",
              "undefined chunk",
              "empty chunks",
              "chunk with unexpected format"),
          // no image, embedding, JSON or data found in the response ("No image data found in
          // response", "No JSON found in response", "No embedding data received")
          Clause.of(
              "\\bno (?:valid )?(?:image|images|image data|embedding|embedding data|json|data|tool calls?) (?:was |were )?(?:found|returned|received)\\b(?: by| in (?:the )?(?:llm |model )?(?:response|output))|\\bno (?:valid )?image(?: data)? (?:was |were )?(?:found|returned|received)\\b|\\bno embedding(?: data)? (?:was )?(?:found|received)\\b|\\bno valid tool calls found\\b",
              "no valid",
              "no image",
              "no embedding",
              "no json",
              "no data",
              "no tool call"),
          // a response named empty, null or undefined ("Empty or no response by gpt-4o over API",
          // "Got empty streaming response", "Embedding API returned null response")
          Clause.of(
              "\\bempty or no response\\b|\\bempty (?:text|streaming|streamed|stream|json) response\\b|\\bresponse body is undefined\\b|\\breturned (?:a )?null response\\b|\\bno response by (?:the )?model\\b|\\bno response stream (?:was )?received\\b",
              "empty or no response",
              "empty text response",
              "empty streaming response",
              "empty streamed response",
              "empty stream response",
              "empty json response",
              "response body is undefined",
              "null response",
              "no response by",
              "no response stream"),
          // a chat call that got no results back from its provider ("DeepSeek chat: No results!",
          // "LMStudio chat: No results length!")
          Clause.of("\\bchat: no results(?: length)?[!.]", "no results"),
          // a model answer whose tool call or output could not be parsed ("Failed to parse json
          // tool call", "Could not parse function call", "JSON parse error in tool use input")
          Clause.of(
              "\\bfailed to parse (?:the )?(?:json )?tool call\\b|\\bcould not parse function call\\b|\\bjson parse error in tool use\\b|\\bfailed to parse xml format from (?:the )?completion\\b",
              "tool call",
              "function call",
              "tool use",
              "from completion",
              "from the completion"),
          // a reply that carried no data ("No data received from Ollama stream.", "no embeddings
          // returned", "Received response with null value for 'choices'")
          Clause.of(
              "\\bno data received from\\b(?![^\\n]{0,40}?(?:\\bfor \\d|\\d+ ?(?:s|ms|sec|secs|seconds?)\\b|timeout|timed out))|\\bno embeddings (?:were )?returned\\b|\\bnull value for '?choices\\b|\\btranscri(?:be|ption) result is (?:nil|null|empty)\\b",
              "no data received",
              "no embeddings",
              "null value for",
              "result is"),
          // an empty model reply, in Czech and Ukrainian ("Jazykový model vrátil prázdnou
          // odpověď", "Model neposkytl žádný obsah odpovědi", "Модель не надала жодного вмісту
          // відповіді")
          Clause.of(
              "prázdnou odpověď|prázdná odpověď|neposkytl žádný obsah|жодного вмісту відповіді|порожню відповідь|порожня відповідь",
              "odpověď",
              "neposkytl",
              "відповід"),
          // a reply with no body, in 16 languages ("Sin cuerpo de respuesta", "Нет тела ответа",
          // "응답 본문 없음")
          Clause.of(
              "لا يوجد محتوى في الاستجابة|no hi ha cos de resposta|žádné tělo odpovědi|sin cuerpo de respuesta|aucun corps de réponse|कोई प्रतिक्रिया मुख्य भाग नहीं|tidak ada isi respons|nessun corpo di risposta|응답 본문 없음|응답 본문이 없|geen responslichaam|geen antwoordtekst|brak treści odpowiedzi|sem corpo de resposta|нет тела ответа|немає тіла відповіді|ingen svarsbody|ingen svarstext|yanıt gövdesi yok|kein antwortkörper|kein antwort-body",
              "محتوى في الاستجابة",
              "cos de resposta",
              "tělo odpovědi",
              "cuerpo de respuesta",
              "corps de réponse",
              "मुख्य भाग नहीं",
              "isi respons",
              "corpo di risposta",
              "응답 본문",
              "responslichaam",
              "antwoordtekst",
              "treści odpowiedzi",
              "corpo de resposta",
              "тела ответа",
              "тіла відповіді",
              "svarsbody",
              "svarstext",
              "yanıt gövdesi",
              "antwortkörper",
              "antwort-body"),
          // a model reply that carried no assistant message, in 17 languages ("No assistant
          // message was received", "sin mensajes del asistente", "нет сообщений ассистента")
          Clause.of(
              "no assistant messages?(?: was| were)? received|\\(no assistant messages\\)|لا توجد رسائل مساعد|cap missatge de l'assistent|žádné zprávy asistenta|keine assistant-nachrichten|keine assistenten-nachrichten|sin mensajes del asistente|aucun message d'assistant|aucun message de l'assistant|कोई सहायक संदेश नहीं|nessun messaggio dell'assistente|geen assistent ?berichten|geen assistentberichten|brak komunikatów asystenta|brak wiadomości asystenta|nenhuma mensagem do assistente|нет сообщений ассистента|inga assistentmeddelanden|ไม่มีข้อความจากผู้ช่วย|asistan mesajı yok|без повідомлень асистента",
              "assistant",
              "مساعد",
              "assistent",
              "asistenta",
              "asistente",
              "सहायक संदेश",
              "asystenta",
              "ассистента",
              "ผู้ช่วย",
              "asistan",
              "асистента"),
          // an answer with no message or no tool call (LangChain's "No message found in response",
          // "No tool calls found in the response.", "No parseable tool calls provided to
          // AnthropicToolsOutputParser.")
          Clause.of(
              "\\bno (?:message(?: content)?|tool calls|parseable tool calls) (?:was |were )?(?:found|returned|received|provided to)\\b|\\bno message found\\b|\\bno tool call found with name\\b|\\bresponse missing 'choices'",
              "no message",
              "no tool call",
              "no parseable",
              "missing 'choices'"),
          // nothing generated of the kind asked (the AI SDK's "No image generated.", "No transcript
          // generated.", "No embeddings generated: expected 3, received 0.")
          Clause.of(
              "\\bno (?:image|images|speech audio|audio|transcript|transcription|translation|video"
                  + "|embeddings?|output) generated\\b",
              " generated"),
          // an answer returned empty, in Bulgarian, French and Persian ("Заявката върна празен
          // отговор", "La réponse est vide", "درخواست بدون پاسخ برگشت")
          Clause.of(
              "празен отговор|отговорът е празен|\\bla réponse (?:est|était) vide\\b|بدون پاسخ (?:برگشت|بازگشت)|پاسخ (?:خالی|تهی)",
              "празен",
              "réponse",
              "پاسخ"),
          // an answer named empty or without text in German, Portuguese, Polish, Chinese, Thai,
          // Hindi, Italian, Spanish and Arabic ("Die Antwort des Modells war leer", "a resposta
          // veio vazia", "pustą odpowiedź", "模型返回了空内容", "AI 回應為空", "Il modello non ha
          // generato alcun testo", "La IA no devolvió ningún contenido", "أعاد النموذج استجابة
          // فارغة"), Gemini's candidates empty or without parts ("empty candidates in response",
          // "Content has no parts"), a content of None, no valid object, no JSON or no reply
          // to take from the output, an output that does not fit its format, nothing generated
          // ("LLM response content is None", "Model did not return a valid JSON object", "Could
          // not extract JSON from the model response", "Model output doesn't fit required
          // format", "Generation ended with 0 tokens generated")
          Clause.literals(
              "war leer",
              "veio vazi",
              "pustą odpowied",
              "pusta odpowied",
              "返回了空",
              "回應為空",
              "回应为空",
              "คำตอบว่างเปล่า",
              "खाली प्रतिक्रिया",
              "non ha generato",
              "no devolvió ningún",
              "استجابة فارغة",
              "empty candidates",
              "has no parts",
              "content is none",
              "did not return a valid",
              "did not return valid",
              "could not extract json",
              "output does not fit",
              "0 tokens generated",
              "extract a reply"),
          // an answer with no choices or no data, a stream that ended before its last event, an
          // empty answer parsed as JSON (Python's "Expecting value: line 1 column 1 (char 0)"), an
          // answer cut short inside its JSON (pydantic's "Invalid JSON: EOF while parsing a
          // string", Ruby's "unexpected token at '{ \"name\": \"Rewards and tal'") ("Received
          // response with null value for choices", "No response data from Ollama API", "stream
          // ended without terminal event or completed response", "stream ended without producing a
          // ChatCompletionMessage")
          Clause.literals(
              "null value for choices",
              "no response data",
              "stream ended without",
              "line 1 column 1 (char 0)",
              "invalid json: eof while parsing",
              "unexpected token at '",
              // …and in Rust's serde, and async-openai's error for it ("failed to deserialize api
              // response: expected value at line 1 column 1", "JSONDeserialize(Error(\"expected
              // value\", line: 8, column: 1))")
              "expected value at line 1 column 1",
              "jsondeserialize"),
          // nothing generated of what was asked ("Large Language Model could not generate any
          // tests for this class", "No generated tests, please try again")
          Clause.literals("could not generate any", "no generated"),
          // an answer that held no text, in German, French, Spanish, Portuguese, Italian, Dutch and
          // Russian, either word first ("Die Antwort von Google Generative AI enthielt keinen
          // Text", "Aucun texte dans la réponse du modèle") — the answer named, so that no text a
          // user did not type is read as one ("Sie haben keinen Text eingegeben")
          Clause.of(
              "(?:antwort|réponse|respuesta|resposta|risposta|antwoord|ответ)[^\\n]{0,50}?"
                  + "(?:keinen text|aucun texte|ningún texto|nenhum texto|alcun testo|geen tekst|нет текста)"
                  + "|(?:keinen text|aucun texte|ningún texto|nenhum texto|alcun testo|geen tekst|нет текста)"
                  + "[^\\n]{0,50}?(?:antwort|réponse|respuesta|resposta|risposta|antwoord|ответ)",
              "keinen text",
              "aucun texte",
              "ningún texto",
              "nenhum texto",
              "alcun testo",
              "geen tekst",
              "нет текста"),
          // …and a model or an API that returned nothing, in French, Portuguese, Italian, German,
          // Russian, Korean, Japanese, Chinese, Polish, Indonesian, Turkish and Vietnamese ("Le
          // modèle n’a renvoyé aucun choix", "O modelo não retornou nenhuma resposta" or "… uma
          // resposta", "Модель не вернула ответ", "모델이 응답을 반환하지 않았습니다", "モデルから応答が返されませんでした",
          // "模型没有返回任何内容", "Model nie zwrócił odpowiedzi", "Model tidak mengembalikan respons",
          // "Model yanıt döndürmedi", "Mô hình không trả về phản hồi")
          Clause.literals(
              "renvoyé aucun",
              "retourné aucun",
              "retornou nenhum",
              "não retornou uma resposta",
              "restituito alcun",
              "не вернула ответ",
              "не вернул ответ",
              "응답을 반환하지 않",
              "応答が返されませんでした",
              "没有返回任何",
              "未返回任何",
              "nie zwrócił odpowiedzi",
              "tidak mengembalikan respons",
              "yanıt döndürmedi",
              "không trả về phản hồi"),
          // an answer's field printed empty or null ("message.content == '' from llama3.1:8b",
          // "Workers AI: { response: '' }", "outputText was \"\"", "choices[0].message.content is
          // null", "output=[]")
          Clause.of(
              "\\b(?:content|response|text|outputtext|output|generated_text)\\s*(?:==|=|:|is|was)\\s*"
                  + "(?:''|\"\"|null\\b|\\[\\])",
              "''",
              "\"\"",
              "null",
              "[]"),
          // an answer without its parts or not in the form expected, in the words of the Swift
          // clients, .NET, LLPhant and iOS Shortcuts ("DecodingError.keyNotFound(CodingKeys(
          // stringValue: \"tokenCount\"", "The input does not contain any JSON tokens.",
          // "OpenAI<TextResult>(object: nil, model: nil, choices: nil, …)", "Request to Ollama
          // didn't returned expected format", "找不到词典键choices的值")
          Clause.literals(
              "decodingerror.keynotfound",
              "does not contain any json tokens",
              "choices: nil",
              "returned expected format",
              "词典键choices"),
          // an answer the client could not parse, when nothing else says what failed ("Failed to
          // parse API response JSON", "Cannot parse sql from answer", "Failed to parse Gemini
          // response"), or could not fill its own class of the answer with (Jackson's "Unrecognized
          // field … (class ….ChatCompletionResponse), not marked as ignorable"), or could not use
          // ("AI_APICallError: Failed to process successful response", cJSON's "cJSON_Parse
          // failed!", "插件未返回有效结果"); not an HTTP response a client could not read, whose
          // status decides
          Clause.of(
              "\\b(?:failed to|could not|unable to|cannot) (?:parse (?:the )?(?:\\w+"
                  + " ){0,2}?(?:response|answer|reply|output)\\b|process successful response\\b)"
                  + "|\\bparse \\w+ from (?:the )?(?:answer|response|reply)\\b"
                  + "|response\\), not marked as ignorable|\\bcjson_parse failed|未返回有效",
              "pars",
              "process successful",
              "ignorable",
              "未返回有效"),
          // a Gemini answer that ended with no reason and no text, as an app words it ("I can't
          // talk further about that because of FINISH_REASON_UNSPECIFIED issue")
          Clause.literals("finish_reason_unspecified"),
          // a reply found empty and not sent, in Chinese ("消息为空，跳过发送阶段")
          Clause.literals("消息为空，跳过发送"),
          // a model, an AI or a call that returned, gave back or produced nothing, no text, no
          // replies, zero choices or only whitespace; that didn't say or generate anything; an
          // answer, a completion or a generation that came back blank or empty; no candidates or
          // choices returned; a stream that finished with nothing in it ("The model gave back
          // nothing", "OpenAIChatGenerator produced no replies", "The AI didn't say anything",
          // "Generation came back blank", "MistralClient: completion has zero choices", "none were
          // returned", "[avante] LLM finished but nothing was streamed")
          Clause.of(
              "\\b(?:returned|gave back|sent back|produced|generated|streamed|replied with|came up"
                  + " with) (?:nothing|no (?:text|content|tokens|replies|generations|outputs?|choices"
                  + "|candidates|answer|response|code|messages?)\\b|0 outputs\\b|zero"
                  + "(?:-length)? [a-z]+|only whitespace|whitespace only|an empty [a-z]+)"
                  + "|\\bdid not (?:say|reply|respond|generate|produce|return|come up"
                  + " with)"
                  + " (?:anything|with anything|any (?:text|content|response|answer|output)\\b|an answer"
                  + "|a response)|\\bnothing (?:came back|was streamed|was returned|was generated"
                  + "|inserted)\\b|\\b(?:answer|reply|completion|generation|output|generated text"
                  + "|generated_text|suggestion|response)\\b[^\\n]{0,30}?\\b(?:was|is|came back|were)"
                  + " (?:blank|empty|null|an empty string)\\b|\\b(?:zero|0) (?:choices|candidates"
                  + "|generated tokens|assistant messages)\\b|\\bgenerated no tokens\\b"
                  + "|\\bnone were returned\\b|\\b(?:choices|candidates)\\b[^\\n]{0,20}?\\b(?:is an empty"
                  + " list|was empty|is missing)\\b|\\bfinished (?:but nothing|without (?:producing|a"
                  + " single))\\b|\\bno new assistant messages\\b|\\bno data was returned\\b"
                  + "|\\bneither tool_calls nor text\\b|\\bno (?:audio|data|content|text|output) was"
                  + " received\\b|\\bno tool (?:execution requests|calls were"
                  + " made)\\b|\\bwith no delta\\b",
              "returned",
              "gave back",
              "sent back",
              "produced",
              "generated",
              "streamed",
              "replied with",
              "came up with",
              "did not",
              "nothing",
              "blank",
              "empty",
              "null",
              "zero",
              "0 ",
              "finished",
              "no new",
              "tool_calls",
              "no tool",
              "received",
              "no delta"),
          // no vectors or output tokens counted as zero ("embedding response contained 0 vectors
          // for 64 inputs", "Request completed (stop_reason=). 0 tool calls, 0 input tokens, 0
          // output tokens"), never as ten or twenty
          Clause.of("(?<![\\d.,])0 (?:vectors|output tokens)\\b", "0 vectors", "0 output tokens"),
          // an answer named empty or with no text, in Ukrainian, Russian, Arabic, Persian,
          // Indonesian, Malay and Turkish ("Від ШІ не отримано жодного тексту", "Ответ модели не
          // содержит текста", "رد فارغ", "پاسخ خالی", "tidak memberikan jawaban", "Tiada teks
          // dijana", "herhangi bir metin üretmedi")
          Clause.literals(
              "жодного тексту",
              "не содержит текста",
              "رد فارغ",
              "أي محتوى",
              "أي نص",
              "پاسخ خالی",
              "خالی بود",
              "tidak memberikan jawaban",
              "tidak mengembalikan jawaban",
              "tiada teks",
              "metin üretmedi"),
          // the SDKs' own words for an answer with nothing in it (LangChain's "No generations found
          // in stream", the AI SDK's "No object generated", "empty choices in chat completion
          // response")
          Clause.literals(
              "no generations found",
              "no object generated",
              "no generation chunks",
              "chat completions not found",
              "empty choices",
              "did not return a response",
              "none or empty",
              "ningún mensaje del asistente"),
          // the choices named empty, in Chinese ("上游返回的 choices 为空")
          Clause.literals("choices 为空"),
          // …and in Dutch, Indonesian, Portuguese, Turkish, Russian and Chinese ("Het model heeft
          // een leeg antwoord teruggegeven", "Модель не вернула ни одного сообщения ассистента")
          Clause.literals(
              "leeg antwoord",
              "tidak mengembalikan pesan asisten",
              "não forneceu nenhuma mensagem",
              "yanıt döndürülmedi",
              "не вернула ни одного сообщения",
              "沒有傳回任何回應"),
          // …and in English, Swedish, Czech, Indonesian, Greek, Hebrew, Arabic, Persian, Hindi,
          // Thai, Chinese, Japanese and Korean ("No answer was generated", "空の回答が返されました")
          Clause.literals(
              "no answer was generated",
              "no response was returned",
              "inget svar",
              "žádná odpověď",
              "tidak ada respons",
              "δεν δημιουργήθηκε απάντηση",
              "לא נוצרה תשובה",
              "لم يتم إنشاء أي إجابة",
              "پاسخی دریافت نشد",
              "कोई जवाब",
              "ไม่มีการสร้างคำตอบ",
              "答案為空白",
              "空の回答",
              "응답이 생성되지"),
          // no answer generated or returned, in the consumer apps' translations ("No se ha generado
          // ninguna respuesta", "Отримано порожню відповідь")
          Clause.literals(
              "ninguna respuesta",
              "nenhuma resposta",
              "aucune réponse",
              "nessuna risposta",
              "geen antwoord",
              "żadnej odpowiedzi",
              "порожню відповідь",
              "未生成",
              "没有生成",
              "沒有生成",
              "応答がありません",
              "yanıt oluşturulamadı"),
          // an answer that holds none of what was asked ("Response contains no images")
          Clause.of(
              "\\b(?:contains|returned|generated) no (?:images?|content|output|text)\\b", " no "),
          Clause.of(
              "(?<!<)\\b(?:empty|blank)(?: or null)? (?:response|reply|output|result|completion|answer|content"
                  + "|message)\\b|\\b(?:no|without any) chunks\\b"
                  + "|\\bno (?:content|output|text|reply|candidates|choices|completion)\\b"
                  + "(?! (?:type|length|header))",
              "empty",
              "blank",
              "no content",
              "no output",
              "no text",
              "no reply",
              "no candidates",
              "no choices",
              "no completion",
              "chunks"),
          Clause.literals(
              "返回为空",
              "返回空",
              "响应为空",
              "內容為空",
              "回复为空",
              "空の応答",
              "応答が空",
              "빈 응답",
              "пустой ответ",
              "respuesta vacía",
              "resposta vazia",
              "réponse vide",
              "leere antwort"),
          // an answer, output or body named empty, nothing generated or returned, in the corpus's
          // languages
          Clause.of(
              "\\b(?:response|output|reply|content|result|completion"
                  + "|body)\\b[^\\n]{0,20}?\\bis empty\\b|\\bno (?:response|output"
                  + "|content) (?:was )?generated\\b|内容为空|未返回任何|没有生成任何|生成结果为空|没有返回(?:任何)?内容|未返回内容|空白內容|沒有回傳|未產生任何|生成されませんでした"
                  + "|返されませんでした|비어 있습니다|출력이 없|반환되지 않|не содержит данных|не сгенерировал|no se generó"
                  + "|no contiene resultados|nenhum conteúdo|não contém resultados|aucun contenu"
                  + "|ne contient aucun|kein inhalt|keine ergebnisse|boş|üretilmedi|sonuç yok|trống|rỗng"
                  + "|không có nội dung|không chứa kết quả|kosong|tidak ada konten|tidak berisi|vuota"
                  + "|nessun contenuto|non contiene risultati",
              "is empty",
              "generated",
              "内容为空",
              "未返回任何",
              "没有生成任何",
              "生成结果为空",
              "没有返回",
              "未返回内容",
              "空白內容",
              "沒有回傳",
              "未產生任何",
              "生成されませんでした",
              "返されませんでした",
              "비어 있습니다",
              "출력이 없",
              "반환되지 않",
              "не содержит данных",
              "не сгенерировал",
              "no se generó",
              "no contiene resultados",
              "nenhum conteúdo",
              "não contém resultados",
              "aucun contenu",
              "ne contient aucun",
              "kein inhalt",
              "keine ergebnisse",
              "boş",
              "üretilmedi",
              "sonuç yok",
              "trống",
              "rỗng",
              "không có nội dung",
              "không chứa kết quả",
              "kosong",
              "tidak ada konten",
              "tidak berisi",
              "vuota",
              "nessun contenuto",
              "non contiene risultati"),
          // no response at all, nothing provided, in English, Chinese and Japanese
          Clause.of(
              "(?m)^no response\\.?$|无响应|無回應|応答なし|未提供任何|提供しませんでした",
              "no response",
              "无响应",
              "無回應",
              "応答なし",
              "未提供任何",
              "提供しませんでした"),
          // no answer, an empty answer, in the corpus's languages
          Clause.literals(
              "keine antwort",
              "kein antworttext",
              "sin respuesta",
              "está vacía",
              "pas de réponse",
              "sem resposta",
              "está vazia",
              "нет ответа",
              "không có phản hồi",
              "trả về trống"),
          // an answer with no message or an empty choices list (Letta "API call didn't return a
          // message: … choices=[]")
          Clause.of(
              "\\bdid not return a message\\b|\\bchoices=\\[\\]|\\\"choices\\\":\\s*\\[\\]",
              "return a message",
              "choices"),
          // no answer returned, in Russian ("никакого ответа не возвращено")
          Clause.of("ответа не возвращено|никакого ответа", "ответа"));

  // A request URI too long (HTTP's 414 in words): the request's size, never the model's window,
  // whatever words for "too long" it shares with an input too long for it (row in_band.size_words,
  // and every context row that reads words, through namesNotTheWindow).
  static final Words URI_TOO_LONG =
      Words.of(
          // in English, German, Dutch, French, Spanish, Portuguese, Polish, Russian, Bulgarian,
          // Turkish, Vietnamese, Chinese, Japanese, Korean, Persian ("the URI of your request is
          // too long", "URI запроса слишком длинный", "请求的 URI 过长")
          Clause.of(
              "(?<![a-z])(?:request-)?uri(?![a-z])[^\\n]{0,40}?(?:too long|too large|zu lang|te lang|trop longue?|demasiado larg[oa]|muito long[oa]|zbyt długi|слишком длинн|твърде дълъг|çok uzun|quá dài|过长|過長|太长|太長|長すぎ|너무 깁|너무 길|بیش از حد طولانی|كبير جد)",
              "uri"));

  // A request, file, image or body named too big, or over a maximum size, in English and the
  // corpus's languages (row in_band.size_words, with URI_TOO_LONG: SIZE_WORDS_LAST).
  static final Words SIZE_HINTS =
      Words.of(
          // a payload over a byte-size limit, or data too large for the AI to process ("Media URL
          // response exceeds maximum allowed size of 41943040 bytes", "Your workflow data is too
          // large for AI to process")
          Clause.of(
              "\\bexceeds (?:the )?maximum allowed size of \\d+ ?(?:bytes|kb|mb|gb|kib|mib|gib)\\b|\\bdata is too large for (?:the )?(?:ai|model|llm) to process\\b",
              "maximum allowed size",
              "too large for"),
          // media or a buffer larger than the server's byte limit ("Remote media exceeds the
          // 52428800 byte download limit", "Audio buffer size limit exceeded (max 104857600
          // bytes)")
          Clause.of(
              "\\b(?:media|file|image|audio|video) download exceeds\\b|\\bexceeds the \\d+ ?bytes? (?:download|upload|size) limit\\b|\\b(?:audio )?buffer size limit exceeded\\b",
              "download exceeds",
              "byte",
              "size limit exceeded"),
          // Anthropic's description of its 413 ("Request exceeds the maximum allowed number of
          // bytes")
          Clause.literals("maximum allowed number of bytes"),
          // request header fields too large, in Arabic, Bulgarian and Polish ("حقول رأس الطلب
          // الخاصة بك كبيرة جدًا", "полетата на заглавието на вашата заявка са твърде големи",
          // "nagłówek żądania jest zbyt duży")
          Clause.of(
              "رأس الطلب[^\\n]{0,30}?كبير|заглавие(?:то)?[^\\n]{0,10}?(?:на )?(?:вашата )?заявка[^\\n]{0,10}?твърде голем|nagłówk?(?:i|ek|ów)? żądania[^\\n]{0,15}?(?:zbyt|za) duż",
              "رأس الطلب",
              "твърде голем",
              "duż"),
          // request data too large, in Polish ("Twoje dane żądania są zbyt duże", "żądanie jest
          // zbyt duże")
          Clause.of(
              "(?:dane|treść|rozmiar|ciało) żądania[^\\n]{0,20}?(?:zbyt|za) duż|żądanie (?:jest )?(?:zbyt|za) duże",
              "duż"),
          // a file too large, in Norwegian, Danish, Swedish, Icelandic, Lithuanian, Latvian and
          // Persian ("Filen er for stor", "Skráin er of stór", "Failas per didelis", "فایل خیلی
          // بزرگ است")
          Clause.of(
              "\\b(?:filen|fila|filene|filerne|filer)\\s(?:er|är)\\s(?:for|för|altfor)\\sstor"
                  + "|\\bskr(?:á|a)\\S{0,4}\\s(?:er\\s)?of\\sstór"
                  + "|\\bfail\\S{0,3}\\s(?:yra\\s|ir\\s)?(?:per\\sdidel|pārāk\\sliel)"
                  + "|فایل\\S*\\s(?:خیلی|بسیار)\\sبزرگ"
                  + "|حجم فایل[^\\n]{0,20}?بیش از حد",
              "fil",
              "skr",
              "fail",
              "فایل"),
          // .NET's limit on an address, which a data URL of an image exceeds ("Invalid URI: The Uri
          // string is too long.")
          Clause.literals("uri string is too long"),
          // a file over, above or bigger than a size in bytes, or a limit in bytes it exceeds
          // ("files over 512 MB can't be uploaded", "The PDF exceeds 50 MB", "the limit is 500 KB",
          // "weighs 9 MB; Agent Mode accepts up to 5 MB", "exceeds max file size (1 MB)"), a file
          // too big
          Clause.of(
              "\\b(?:over|above|larger than|bigger than|exceeds|under|up to|limit is|weighs|accepts"
                  + " up to|is) (?:the )?\\d+(?:\\.\\d+)? ?(?:kb|mb|gb|kib|mib|gib)\\b"
                  + "|\\bexceeds max file size\\b|\\bfile is too big\\b",
              "kb",
              "mb",
              "gb",
              "kib",
              "mib",
              "gib",
              "file size",
              "too big"),
          // a size in megabytes a file is over ("weighs 31 MB, over the 25 MB limit")
          Clause.of("\\bover the \\d+(?:\\.\\d+)?\\s?mb\\b", "over the"),
          // Kafka's record over its size ("RecordTooLargeException")
          Clause.literals("recordtoolarge"),
          // a file, an image or a document too large, in Korean, Malay, Ukrainian, Arabic,
          // Vietnamese and Persian ("이미지의 용량이 너무 커서", "Saiz fail melebihi", "перевищує допустимий
          // розмір", "حجم الملف يتجاوز", "الصورة كبيرة جدًا", "vượt quá dung lượng", "بیش از حد
          // بزرگ")
          Clause.literals(
              "용량이 너무 커",
              "saiz fail melebihi",
              "допустимий розмір",
              "حجم الملف",
              "الصورة كبيرة",
              "vượt quá dung lượng",
              "بیش از حد بزرگ"),
          // a size in megabytes over its limit, in Japanese and Korean ("25 MB の上限を超えています", "10MB를
          // 초과하여", "PDF(41.7MB)가 허용 용량을 초과")
          Clause.of(
              "\\d+(?:\\.\\d+)?\\s?mb\\)?\\s?(?:를|을|가|が|の上限を|の上限)?[^\\n]{0,12}?(?:초과|超え|超過)", "mb"),
          // too much data for one unit of work ("Too much data received for one task (… bytes)")
          Clause.literals("too much data"),
          // …and in Polish and Ukrainian ("rozmiar żądania jest zbyt duży", "Розмір запиту
          // перевищує")
          Clause.literals("rozmiar żądania", "розмір запиту перевищує"),
          // a content size limit exceeded ("Maximum content size limit (26214400) exceeded")
          Clause.literals("content size limit"),
          // …and in Swedish, Czech, Greek, Hebrew, Arabic, Persian, Hindi and Thai
          Clause.literals(
              "överskrider gränsen på",
              "příliš velký",
              "πολύ μεγάλο",
              "גדול מדי",
              "كبير جدًا",
              "حجم فایل",
              "फ़ाइल का आकार",
              "ขนาดใหญ่เกินไป"),
          // a file too large, in Dutch, Polish and Ukrainian ("Bestand te groot", "Plik jest za
          // duży")
          Clause.literals("te groot", "za duży", "завеликий"),
          Clause.of(
              "\\b(?:request|file|image|body|payload|upload"
                  + "|attachment)s?\\b[^\\n]{0,30}?\\b(?:too (?:big|large)|maximum (?:allowed )?size"
                  + "|size limit)\\b|\\bmaximum size\\b",
              "too big",
              "too large",
              "maximum",
              "size limit"),
          Clause.literals(
              "文件大小",
              "大小超",
              "过大",
              "太大",
              "體積",
              "過大",
              "大きすぎ",
              "サイズ",
              "너무 큽",
              "크기",
              "слишком больш",
              "размер",
              "demasiado grande",
              "tamaño",
              "grande demais",
              "muito grande",
              "tamanho",
              "trop volumineu",
              "trop grand",
              "taille",
              "zu groß",
              "größe",
              "çok büyük",
              "boyut",
              "quá lớn",
              "kích thước",
              "terlalu besar",
              "ukuran",
              "troppo grand",
              "dimensione"),
          // too much request data, in Korean
          Clause.of("데이터 양이 너무 많", "데이터 양"),
          // too much data, a request too big, in French and Russian
          Clause.literals("trop importante", "слишком велик"));

  // The server or service named as where it failed ("An unexpected error occurred on our side",
  // 服务端发生未知错误), in English and the corpus's languages (row in_band.server_words).
  // A database query that failed (new-api: an invalid token's lookup failed, "Invalid token,
  //    database query error, please contact administrator"), in 11 locales ("ошибка запроса к
  //    базе данных", "数据库查询出错"): the server's own failure, never the key's.
  static final Words DATABASE_QUERY_FAILED =
      Words.of(
          Clause.of(
              "\\bdatabase query (?:error|failed)\\b"
                  + "|erreur de requête (?:en|à la|dans la) base de données"
                  + "|データベースクエリエラー"
                  + "|데이터베이스 (?:조회|쿼리) 오류"
                  + "|erro de consulta (?:ao|no) banco de dados"
                  + "|ошибка запроса к базе данных"
                  + "|lỗi truy vấn cơ sở dữ liệu"
                  + "|(?:数据库|資料庫)(?:查询|查詢)出错"
                  + "|資料庫查詢出錯"
                  + "|خطا در پرس\\u200c?وجوی پایگاه داده",
              "database query",
              "base de données",
              "データベースクエリエラー",
              "데이터베이스",
              "banco de dados",
              "базе данных",
              "cơ sở dữ liệu",
              "数据库",
              "資料庫",
              "پایگاه داده"));

  static final Words SERVER_HINTS =
      Words.of(
          // the server's own chat template that does not parse ("Error rendering prompt with jinja
          // template: \"Error: Parser Error: Expected closing statement token"): the model's
          // template, not the request, which another server renders
          Clause.literals("parser error: expected"),
          // a model server's process that did not pass its health check ("unable to start
          // process: health check failed after 15s")
          Clause.literals("health check failed"),
          // a model process that exited with a code ("(Exit code: 6). Please check settings and
          // try loading the model again.", "(Exit code: -1073740791). Unknown error. Try a
          // different model")
          Clause.of(
              "\\(exit code: -?\\d+\\)\\.[^\\n]{0,60}?\\b(?:try (?:a different model|loading the model)|loading the model)\\b",
              "exit code"),
          // a model a local server failed to load ("Error loading the model - llama_engine.cc:423
          // [CORTEX]")
          Clause.of(
              "\\berror loading the model\\b(?![^\\n]{0,80}?(?:not a valid|unknown model|not found|timed out|does not exist))",
              "error loading the model"),
          // a local server's health check failing, its detokenizer silent ("Health check failed.
          // Server couldn't get a response from detokenizer for last 20 seconds")
          Clause.of(
              "\\bhealth check failed\\b[^\\n]{0,40}?\\bcould not get a response from (?:the )?(?:detokenizer|tokenizer|scheduler|engine|worker)\\b|\\bcould not get a response from (?:the )?detokenizer\\b",
              "detokenizer",
              "could not get a response from"),
          // a local engine's Metal allocation failing (MLX "[metal::malloc] Resource limit
          // (499000) exceeded.")
          Clause.of("\\[metal::malloc\\]", "[metal::malloc]"),
          // a local engine (ggml) out of memory ("ggml_new_tensor_impl: not enough space in the
          // context's memory pool", "not enough space in the scratch memory")
          Clause.of(
              "\\bnot enough space in the (?:context's )?(?:memory pool|scratch memory|scratch buffer)\\b",
              "not enough space in the"),
          // a server's own failure while processing the request ("The server experienced an error
          // while processing your request. Sorry about that!")
          Clause.of(
              "\\bserver (?:experienced|encountered|had) an error while processing your request\\b",
              "an error while processing your request"),
          // service under maintenance or an embedding failure, in Chinese ("抱歉，當前正在維護，無法提供服務",
          // "抱歉，当前embedding失败")
          Clause.of(
              "(?:当前|當前|系统|系統|服务|服務)正在(?:维护|維護)|embedding ?(?:失败|失敗)", "维护", "維護", "embedding"),
          // a request that failed inside the service ("upstream response failed", "Failed to
          // process chat request", "請求失敗，請稍後再試")
          Clause.of(
              "\\bupstream response failed\\b|\\bupstream image generation failed\\b|\\bfailed to process chat request\\b|請求失敗，請稍後再試|请求失败，请稍后再试|\\bstream unknown error\\b|\\bunknown escrow error\\b|\\blast response was a 5\\d\\d error\\b",
              "upstream response failed",
              "upstream image generation failed",
              "failed to process chat request",
              "請求失敗",
              "请求失败",
              "stream unknown error",
              "unknown escrow error",
              "last response was a 5"),
          // a crash, outage or internal fault of the gateway or service ("Panic detected, error:
          // runtime error", "GitHub is experiencing an outage", "获取渠道信息失败，请联系管理员")
          Clause.of(
              "\\bpanic detected\\b|processing panic|database consistency has been broken|\\b(?:is|are) (?:currently )?experiencing (?:an outage|a service disruption)|ran into an error servicing|获取(?:渠道信息|供应商)失败|failed to get (?:channel|provider|supplier) info",
              "panic",
              "database consistency",
              "experiencing an outage",
              "experiencing a service disruption",
              "ran into an error servicing",
              "获取",
              "failed to get channel info",
              "failed to get provider info",
              "failed to get supplier info"),
          // an I/O fault, an agent interaction or every fallback model failing ("An input/output
          // error occurred.", "Deep Research interaction failed", "All models from FallbackModel
          // failed")
          Clause.of(
              "\\ban input/output error occurred\\b|\\b(?:agent|research) interaction failed\\b|\\ball models from [a-z]{0,20}\\s?model failed\\b",
              "input/output error",
              "all models from",
              "interaction failed"),
          // a service or model that failed inside without saying why ("An internal application
          // error occurred.", "The model returned an error.", "Horde request faulted.")
          Clause.of(
              "\\ban internal application error occurred\\b|\\binternal routing error\\b|\\bthe model failed to answer\\b|\\bthe service failed to process your request\\b|\\bhorde (?:request|generation) (?:faulted|failed: faulted)\\b|\\bfailed inference with\\b|\\bcould not determine model type for\\b",
              "internal application error",
              "internal routing error",
              "model failed to answer",
              "failed to process your request",
              "faulted",
              "failed inference",
              "determine model type"),
          // a Responses stream ending in an error event ("Responses stream ended with terminal
          // event `response.error`", "Response failed: Response failed")
          Clause.of(
              "\\bterminal event `?response\\.(?:error|failed)\\b|^response failed: response failed",
              "terminal event",
              "response failed"),
          // a model CLI or server process that died ("Claude CLI process terminated unexpectedly",
          // "Server process terminated unexpectedly with exit code: 1", "Gemini CLI command failed
          // (exit code Some(1))")
          Clause.of(
              "\\bcli process terminated\\b|\\bserver process terminated unexpectedly\\b|\\bcli command failed \\(exit code",
              "process terminated",
              "cli command failed"),
          // a local inference engine failing to decode or build its context ("Decode failed:
          // Decode Error -1", "Failed to create llama context", "NoKvCacheSlot")
          Clause.of(
              "\\b(?:prefill )?decode failed: decode error\\b|\\bfailed to create llama context\\b|\\bnokvcacheslot\\b|\\bfailed to eval llava image\\b",
              "decode error",
              "llama context",
              "nokvcacheslot",
              "llava image"),
          // an inference engine that cannot run on this machine (GPU driver too old, a library
          // missing), in English, Turkish and Chinese ("Your GPU driver is too old for this
          // engine", "引擎所需的某个库缺失")
          Clause.of(
              "\\bgpu driver is too old\\b|gpu sürücünüz bu motor için çok eski|gpu 驱动程序对于此引擎来说太旧|motorun ihtiyaç duyduğu bir kütüphane eksik|引擎所需的某个库缺失",
              "gpu driver",
              "gpu sürücünüz",
              "gpu 驱动程序",
              "kütüphane eksik",
              "库缺失"),
          // too little memory to run or load the model, in Chinese and Korean ("内存不足，无法运行此模型",
          // "모델을 불러올 메모리가 부족합니다")
          Clause.of("内存不足，?无法运行(?:此|该)?模型|모델을 불러올 메모리가 부족", "内存不足", "메모리가 부족"),
          // a model engine or process that reported an unexpected error, in English, Turkish and
          // Chinese ("The model engine reported an unexpected error.", "Model motoru beklenmeyen
          // bir hata bildirdi.")
          Clause.of(
              "\\bmodel (?:process|engine) (?:encountered|reported) an unexpected error\\b|model motoru beklenmeyen bir hata|模型引擎报告了一个意外错误",
              "unexpected error",
              "model motoru",
              "模型引擎"),
          // a model file found corrupted or broken, in English, Korean and Russian ("Model file is
          // corrupted", "모델 파일이 손상되었습니다", "Файл модели повреждён")
          Clause.of(
              "\\bmodel file (?:is|appears to be|seems to be) (?:incomplete or )?corrupt|\\bis known to be broken\\b|모델 파일이 (?:불완전하거나 )?손상|файл модели (?:неполный или )?поврежд",
              "corrupt",
              "known to be broken",
              "모델 파일",
              "файл модели"),
          // a model a local app could not start, in English, Turkish, Chinese and Korean ("Failed
          // to start model", "Model başlatılamadı", "启动模型失败")
          Clause.of(
              "\\bfailed to start (?:the )?model\\b|\\bmodel \\S{1,60} failed to start\\b|\\bthe model could not be started\\b|\\bwhile starting the model\\b|model başlatılamadı|model başlatılırken|启动模型失败|启动模型时|在启动模型时|모델을 시작할 수 없습니다",
              "failed to start",
              "could not be started",
              "starting the model",
              "model başlatıl",
              "启动模型",
              "모델을 시작"),
          // a model a local app could not load, in English, Spanish, Italian, Portuguese,
          // Romanian, Korean, Turkish and Chinese ("Model load failed for: ….gguf", "Error al
          // cargar el modelo.", "Model yüklenemedi.")
          Clause.of(
              "\\bcould not load (?:the )?model\\b|\\bmodel (?:load|loading) (?:failed|error)\\b|\\bthe model could not be loaded\\b|error al cargar el modelo|erreur (?:lors du|de) chargement du modèle|échec du chargement du modèle|fehler beim laden des modells|modell konnte nicht geladen werden|モデルの読み込みに失敗|ошибка загрузки модели|не удалось загрузить модель|errore di caricamento del modello|erro ao carregar o modelo|eroare la încărcarea modelului|모델을 불러오지 못했|model yüklenemedi|模型加载错误|模型加载失败|模型載入時發生錯誤|模型載入失敗",
              "could not load",
              "model load",
              "could not be loaded",
              "cargar el modelo",
              "chargement du modèle",
              "laden des modells",
              "nicht geladen",
              "モデルの読み込み",
              "загрузки модели",
              "загрузить модель",
              "caricamento del modello",
              "carregar o modelo",
              "încărcarea modelului",
              "모델을 불러오지",
              "model yüklenemedi",
              "模型加载",
              "模型載入"),
          // a server that could not start a worker or route to one ("failed allocating free
          // ports", "failed to spawn server instance", "no healthy nodes available")
          Clause.of(
              "\\bfailed (?:allocating|to allocate) (?:free )?ports?\\b|\\bfailed to get a port\\b|\\bfailed to spawn server\\b|\\bno healthy nodes\\b",
              "allocat",
              "a port",
              "spawn server",
              "healthy nodes"),
          // a server whose chat template could not be applied ("failed to apply chat template, try
          // using --jinja", "template not loaded: chatml", "Unable to generate parser for this
          // template")
          Clause.of(
              "\\bfailed to apply chat template\\b|\\btemplate not loaded\\b|\\bunable to generate parser\\b|\\bparser generation failed\\b",
              "chat template",
              "template not loaded",
              "generate parser",
              "parser generation"),
          // a backend that failed to produce its output ("failed to synthesize speech", "error
          // during sound generation: generation failed"; not a bare "prediction failed", which
          // names no side)
          Clause.of(
              "\\bfailed to synthesi[sz]e speech\\b|\\berror during (?:tts|sound generation)\\b|\\bdid not return multimodal embeddings\\b|\\b(?:classifier )?(?:scoring|slot fill) (?:inference )?failed\\b",
              "synthesi",
              "error during",
              "multimodal embeddings",
              "scoring failed",
              "slot fill"),
          // an inference engine's internal failure ("an error was encountered while running the
          // model: GGML_ASSERT", "failed to process speculative batch", "Retraction host KV pool
          // exhausted")
          Clause.of(
              "\\bcompute error\\b|\\bfailed to generate results for\\b|\\berror while handling multiple prompts\\b|\\bggml_assert\\b|\\bspeculative batch\\b|\\bkv pool exhausted\\b|\\bmetadata corruption\\b|\\breadiness gate\\b",
              "compute error",
              "failed to generate results",
              "multiple prompts",
              "ggml_assert",
              "speculative batch",
              "kv pool",
              "metadata corruption",
              "readiness gate"),
          // a server-side failure pointing at the server logs ("Anthropic's API returned an
          // unexpected error", "Please check your Ollama server logs", "Session failed to start —
          // check server logs", "please see the ollama server logs for details")
          Clause.of(
              "\\bapi returned an unexpected error\\b|\\bcheck (?:your |the )?(?:[a-z]+ )?server logs?\\b|\\bsee the (?:[a-z]+ )?server logs?\\b|\\bresponse resp_[0-9a-z]+ failed\\b",
              "unexpected error",
              "server log",
              "resp_"),
          // a provider's server error, in Czech, Ukrainian and Polish ("Chyba serveru
          // poskytovatele", "Помилка сервера провайдера", "na straně poskytovatele")
          Clause.of(
              "chyba serveru|помилка сервера|błąd serwera|na straně poskytovatele|на стороні провайдера",
              "serveru",
              "сервера",
              "serwera",
              "poskytovatele",
              "провайдера"),
          // a model a local server could not load, its backend process gone (LocalAI's "could not
          // load tts model", "grpc service not ready: backend process exited with code 137",
          // llama.cpp's "Model failed to load")
          Clause.of(
              "\\b(?:could not|failed to|unable to) ?load (?!the )(?:[a-z-]{2,20} ){0,3}model\\b|\\bloader did not return a model\\b|\\bmodel (?:name=\\S+ )?failed to load\\b|\\bbackend process exited\\b|\\bgrpc service not ready\\b",
              "load",
              "backend process exited",
              "grpc service not ready"),
          // C++'s allocation failure in a local server (llama.cpp's "decode() failed:
          // std::bad_alloc")
          Clause.of("\\bbad_alloc\\b", "bad_alloc"),
          // a local server's model runner that failed or exited (Ollama's "mlx runner exited
          // unexpectedly: exit status 1", "llama runner process has terminated")
          Clause.of(
              "\\brunner (?:failed|exited unexpectedly|process has terminated|process no longer running)\\b",
              "runner"),
          // a server without the memory a model needs (Ollama's "model requires 24.0 GiB but only
          // 16.0 GiB are available", "memory layout cannot be allocated", "failed to commit memory
          // for model")
          Clause.of(
              "\\brequires \\d+(?:\\.\\d+)? ?[gm]i?b but only \\d+(?:\\.\\d+)? ?[gm]i?b (?:is|are) available|\\bcannot be allocated\\b|\\bfailed to commit memory\\b|\\bout of (?:gpu |device |cuda )?memory\\b",
              "requires",
              "cannot be allocated",
              "failed to commit memory",
              "out of"),
          // an inference engine's loop or process dead (vLLM's "Engine loop is not running",
          // "Background loop has errored already", "Engine process (pid 402494) died",
          // EngineDeadError)
          Clause.of(
              "\\bengine loop (?:is not running|has (?:errored|stopped))|\\bbackground loop has errored|\\bengine (?:core )?(?:process )?(?:\\(pid \\d+\\) )?died\\b|\\benginedeaderror\\b|\\bengine core (?:encountered|proc)",
              "engine",
              "background loop"),
          // Anthropic's description of its api_error ("An unexpected error has occurred internal to
          // Anthropic's systems.")
          Clause.literals("error has occurred internal to"),
          // a server that met an unexpected problem, in English, Bulgarian, German, French,
          // Portuguese and Vietnamese ("the server encountered an unexpected issue", "le serveur a
          // rencontré un problème inattendu", "máy chủ đã gặp phải một vấn đề bất ngờ")
          Clause.of(
              "(?:server|serveur|servidor|serwer|сървър|сервер|sunucu|máy chủ|伺服器|服务器|服務器|サーバー|서버|سرور|الخادم|خادم)[^\\n]{0,25}?(?:unexpected (?:issue|problem|condition)|неочакван проблем|unerwartetes problem|problème inattendu|problema inesperado|problema imprevisto|vấn đề bất ngờ|непредвиденн[^\\n]{0,3} (?:проблем|ошибк)|beklenmeyen bir sorun)",
              "unexpected",
              "неочакван",
              "unerwartet",
              "inattendu",
              "inesperado",
              "imprevisto",
              "bất ngờ",
              "непредвиденн",
              "beklenmeyen"),
          // a server without enough storage, in English, Arabic, Bulgarian, German, Spanish,
          // French, Portuguese, Persian and Vietnamese ("the server has insufficient storage
          // space", "der Server hat nicht genügend Speicherplatz", "máy chủ không đủ dung lượng lưu
          // trữ")
          Clause.of(
              "\\bserver has insufficient storage\\b"
                  + "|\\binsufficient storage\\b[^\\n]{0,20}?\\bon the server\\b"
                  + "|مساحة تخزين كافية على الخادم"
                  + "|сървърът няма достатъчно (?:пространство|място)"
                  + "|server hat nicht genügend speicherplatz"
                  + "|servidor no tiene suficiente espacio"
                  + "|serveur n'a pas (?:suffisamment|assez) d'espace"
                  + "|espaço de armazenamento do servidor"
                  + "|فضای ذخیره(?: |\\u200c)?سازی سرور"
                  + "|máy chủ không đủ dung lượng",
              "storage",
              "مساحة تخزين",
              "сървърът няма",
              "speicherplatz",
              "espacio",
              "d'espace",
              "armazenamento",
              "ذخیره",
              "dung lượng"),
          // a problem with the server's configuration, in English, German, Spanish, Portuguese,
          // French, Arabic, Bulgarian, Persian and Vietnamese ("a configuration issue with the
          // server", "ein Problem mit der Serverkonfiguration", "vấn đề với cấu hình máy chủ")
          Clause.of(
              "\\b(?:configuration|config) (?:issue|problem|error) (?:with|on|in) (?:the )?server\\b"
                  + "|\\b(?:issue|problem|error) (?:with|in) (?:the )?server(?:'s)? config(?:uration)?\\b"
                  + "|\\bserver (?:is )?misconfigured\\b"
                  + "|problem mit der serverkonfiguration"
                  + "|problema (?:con|en|na|de|da) (?:la |a )?configura(?:ción|ção) (?:del|do) servidor"
                  + "|problème de configuration du serveur"
                  + "|مشكلة في (?:تكوين|إعدادات) الخادم"
                  + "|сървърната конфигурация има проблем"
                  + "|پیکربندی سرور با مشکل"
                  + "|vấn đề (?:với|về) cấu hình máy chủ",
              "config",
              "konfiguration",
              "تكوين",
              "إعدادات",
              "конфигурация",
              "پیکربندی سرور",
              "cấu hình máy chủ"),
          // a server that seems lost (a gateway's bad answer), in English, German, Polish,
          // Chinese, Arabic and Persian ("the server seems to be lost", "die Orientierung
          // verloren", "服务器似乎迷失了方向")
          Clause.of(
              "\\bserver seems (?:to be |to have )?lost\\b|orientierung verloren|serveur semble perdu|zgubić kierunek|迷失了?方向|ضل الطريق|مسیر خود را گم",
              "lost",
              "orientierung verloren",
              "serveur semble perdu",
              "zgubić kierunek",
              "迷失",
              "ضل الطريق",
              "مسیر خود را گم"),
          // a server having difficulties or a problem, in Bulgarian, Russian, Portuguese, Turkish,
          // Persian, Japanese and Chinese ("сървърът има някои затруднения", "sunucu bazı
          // zorluklar yaşıyor", "伺服器似乎遇到一些困難")
          Clause.of(
              "(?:server|serveur|servidor|serwer|сървър|сервер|sunucu|máy chủ|伺服器|服务器|服務器|サーバー|서버|سرور|الخادم|خادم)[^\\n]{0,45}?(?:затруднени|трудност|dificultad|dificuldade|difficolt|difficult|zorluk|khó khăn|困難|困难|با مشکلی مواجه)"
                  + "|サーバー(?:に|で)[^\\n]{0,10}?問題が発生"
                  + "|서버에 문제가 발생",
              "затруднени",
              "трудност",
              "dificultad",
              "dificuldade",
              "difficolt",
              "difficult",
              "zorluk",
              "khó khăn",
              "困難",
              "困难",
              "問題が発生",
              "문제가 발생",
              "با مشکلی مواجه"),
          // the list or configuration of models that could not be loaded, in 17 languages ("Models
          // for OpenAI could not be loaded", "Modellkonfigurasjonen kunne ikke lastes", "Не
          // удалось загрузить конфигурацию моделей")
          Clause.of(
              "\\bmodels? (?:config(?:uration)?|list) could not be loaded\\b"
                  + "|\\bmodels for [^\\n]{1,30}? could not be loaded\\b"
                  + "|\\bcould not load (?:the )?models (?:config(?:uration)?|list)\\b"
                  + "|\\bmodell(?:e|konfiguration|liste)\\b[^\\n]{0,30}?\\bkonnten? nicht geladen\\b"
                  + "|مدل[^\\n]{0,30}?بارگذاری نشد"
                  + "|\\bimpossible de charger (?:la configuration|la liste) des mod[èe]les\\b"
                  + "|\\bmod[èe]les\\b[^\\n]{0,30}?\\bne (?:peuvent|peut) pas être chargés\\b"
                  + "|לטעון את (?:תצורת |רשימת )?המודלים"
                  + "|\\bgat ekki hlaðið (?:stillingum líkana|líkönum)\\b"
                  + "|\\bcaricare (?:la configurazione dei |l'elenco dei |i )?modelli\\b"
                  + "|モデル[^\\n。]{0,30}?読み込めませんでした"
                  + "|modelių[^\\n]{0,25}?nepavyko įkelti"
                  + "|\\bmodeļ(?:u|us)\\b[^\\n]{0,30}?\\bnevar(?:ēja)? ielādēt\\b"
                  + "|\\bmodell(?:konfigurasjonen|er|ane)\\b[^\\n]{0,30}?\\bkunne ikkj?e last(?:es|ast)\\b"
                  + "|\\bcarregar (?:a configuração d)?os modelos\\b"
                  + "|\\bconfiguração dos modelos não pôde ser carregada\\b"
                  + "|не удалось загрузить (?:конфигурацию |список )?модел(?:и|ей)"
                  + "|не вдалося завантажити (?:конфігурацію |список )?модел(?:і|ей)"
                  + "|\\bmodeller\\b[^\\n]{0,30}?\\byüklenemedi\\b"
                  + "|无法加载[^\\n，。]{0,20}?模型",
              "could not be loaded",
              "could not load",
              "nicht geladen",
              "بارگذاری نشد",
              "charger",
              "chargés",
              "לטעון",
              "gat ekki hlaðið",
              "caricare",
              "読み込めません",
              "nepavyko įkelti",
              "ielādēt",
              "kunne ikk",
              "carregar",
              "carregada",
              "загрузить",
              "завантажити",
              "yüklenemedi",
              "无法加载"),
          // an internal server error, in Arabic, Tibetan, Catalan, Czech, Nordic, German,
          // Estonian, Persian, Finnish, Hebrew, Hungarian, Icelandic, Baltic and Thai ("Došlo k
          // interní chybě serveru", "Der opstod en intern serverfejl", "Tekkis sisemine
          // serveriviga")
          Clause.of(
              "خطأ (?:في )?(?:ال)?خادم (?:ال)?داخلي"
                  + "|خطأ داخلي في (?:ال)?خادم"
                  + "|ཞབས་འདེགས་ཆས་ཀྱི་ནོར་འཁྲུལ"
                  + "|\\berror intern (?:al|del) servidor\\b"
                  + "|\\bintern[íi] chyb[aěyu] serveru\\b"
                  + "|\\bintern[áa] chyba servera\\b"
                  + "|\\binterne?t? (?:server|sørvar|tjener)-?fe(?:jl|il|l)\\b"
                  + "|\\bintern(?:e[nrms]?)? server-?fehler\\b"
                  + "|\\bsisemine serveri ?viga\\b"
                  + "|\\bserveri sisemine viga\\b"
                  + "|خطای (?:سرور داخلی|داخلی سرور)"
                  + "|\\bsisäinen palvelin ?virhe"
                  + "|\\bpalvelimen sisäinen virhe"
                  + "|שגיאת שרת פנימית"
                  + "|שגיאה פנימית בשרת"
                  + "|\\bbelső (?:szerver|kiszolgáló) ?hiba"
                  + "|\\binnri (?:kerfis|þjóns?)villa\\b"
                  + "|\\bvidin[ėe] serverio klaid"
                  + "|\\biekšēj[āa] servera kļūd"
                  + "|\\bwewnętrzny błąd serwera\\b"
                  + "|\\bnotranja napaka strežnika\\b"
                  + "|ข้อผิดพลาดภายในเซิร์ฟเวอร์"
                  + "|ข้อผิดพลาดของเซิร์ฟเวอร์ภายใน",
              "خطأ",
              "ཞབས་འདེགས་ཆས",
              "servidor",
              "serveru",
              "servera",
              "fejl",
              "feil",
              "fel",
              "fehler",
              "viga",
              "خطای",
              "virhe",
              "שגיא",
              "hiba",
              "villa",
              "klaid",
              "kļūd",
              "serwera",
              "strežnika",
              "ข้อผิดพลาด"),
          // the other side's failure in an app's plain words: a backend error or exception, an
          // upstream API or model that failed or returned an error, a model process that died, a
          // server that returned an error, an ASGI application's exception, a service restarting (a
          // WebSocket's close code 1012: "received 1012 (service restart)") ("Backend Error",
          // "MistralException - Unexpected error on backend", "The local model process died
          // mid-generation", "❌ Upstream API error — the model provider failed")
          Clause.of(
              "\\bbackend (?:error|encountered)\\b|\\berror on (?:the )?backend\\b|\\bprocess died\\b"
                  + "|\\bexception in asgi application\\b|\\bserver (?:returned|is returning) an"
                  + " (?:unknown )?error\\b|\\bupstream (?:api|model) (?:error|returned)\\b|\\bprovider"
                  + " failed\\b|\\binternal (?:failure|exception)\\b|\\bservice restart\\b"
                  + "|\\brunner terminated\\b",
              "backend",
              "process died",
              "asgi",
              "server returned",
              "server is returning",
              "upstream",
              "provider failed",
              "internal",
              "service restart",
              "runner terminated"),
          // a model too large for the machine's memory (NOT_THE_WINDOW)
          Clause.literals("available ram"),
          // a model runtime's own failure (mistral.rs: "prompt step - Model failed with error:
          // DTypeMismatchBinaryOp …"; LlamaEdge's WASI-NN backend: "[WASI-NN] GGML backend: Llama
          // input is not set!")
          Clause.literals("model failed with error", "[wasi-nn]"),
          // a temporary fault, a problem on the server, a backend error, an internal server error,
          // a gateway error, in Japanese, Korean, Malay, Arabic, Persian, Turkish and Vietnamese
          // ("一時的な障害が発生", "サーバーで問題が起きました", "일시적인 장애가 발생", "백엔드 오류", "Ralat pelayan dalaman", "خطأ
          // داخلي", "خطای داخلی سرور", "خطأ في البوابة", "Ağ geçidi hatası", "Máy chủ trung gian")
          Clause.literals(
              "一時的な障害",
              "サーバーで問題",
              "처리하는 중 문제",
              "일시적인 장애",
              "백엔드 오류",
              "ralat pelayan dalaman",
              "خطأ داخلي",
              "خطای داخلی",
              "خطأ في البوابة",
              "ağ geçidi hatası",
              "máy chủ trung gian"),
          // an invalid answer from the upstream ("An invalid response was received from the
          // upstream server")
          Clause.literals("from the upstream server"),
          // the server named in difficulty, in Lobe's translations ("el servidor parece estar
          // experimentando dificultades"), an internal server fault in Ukrainian and Chinese
          Clause.literals(
              "el servidor parece",
              "le serveur semble",
              "il server sembra",
              "de server lijkt",
              "máy chủ có vẻ",
              "الخادم يواجه",
              "서버에 문제가 발생",
              "внутрішня помилка сервера",
              "服务器内部故障"),
          // an upstream's HTML error page, a server's internal error, in English, Japanese, Russian
          // and Turkish ("upstream responded with an HTML error page instead of JSON",
          // "サーバー内部でエラーが発生しました", "Ошибка вышестоящего сервера", "Sunucu tarafında
          // beklenmeyen bir hata oluştu")
          Clause.literals(
              "html error page",
              // the app's own database refused a write ("SQLITE_CONSTRAINT: NOT NULL constraint
              // failed: chat_message.content")
              "constraint failed",
              "サーバー内部",
              "вышестоящего сервера",
              "sunucu tarafında",
              "côté serveur",
              "lado del servidor",
              "lado do servidor",
              "serverseitig"),
          // vLLM's engine failing ("EngineCore encountered an issue")
          Clause.literals("enginecore encountered"),
          // …and as consumer apps put it ("something went wrong on our end", "Något gick fel på vår
          // sida")
          Clause.literals(
              "on our end",
              "on our servers",
              "unexpected error occurred while generating",
              "på vår sida",
              "سمت ما",
              "हमारी ओर से"),
          Clause.of(
              "\\bon (?:our|the (?:server|(?:ai )?provider)'?s?) side\\b|\\bon the server\\b|\\bserver[ -]side\\b"
                  + "|\\bservice exception\\b",
              "side",
              "on the server",
              "service exception"),
          Clause.literals(
              "服务端",
              "服務端",
              "伺服器發生",
              "服務發生異常",
              "服务发生异常",
              "サーバー側",
              "サービスでエラー",
              "서버에서",
              "서비스 오류",
              "на сервере",
              "ошибка сервиса",
              "en el servidor",
              "error del servicio",
              "error interno",
              "no servidor",
              "erro no serviço",
              "erro interno",
              "sur le serveur",
              "erreur du service",
              "erreur interne",
              "auf dem server",
              "dienstfehler",
              "interner fehler",
              "sunucuda",
              "hizmet hatası",
              "iç hata",
              "trên máy chủ",
              "dịch vụ gặp sự cố",
              "lỗi nội bộ",
              "di server",
              "layanan mengalami gangguan",
              "kesalahan internal",
              "sul server",
              "errore del servizio",
              "errore interno"),
          // the server in difficulty or "lost", a gateway error, the provider's server error, in
          // the corpus's languages
          Clause.literals(
              "schwierigkeiten",
              "difficultés",
              "desorientado",
              "smarrito",
              "потерян",
              "kayboldu",
              "lạc đường",
              "gateway-fehler",
              "puerta de enlace",
              "серверная ошибка",
              "servidor del proveedor",
              "serveur du fournisseur",
              "server del provider",
              "servidor do provedor"),
          // the inference engine itself failed: memory, the GPU, a crashed or broken engine
          Clause.of(
              "\\bout[ -]of[ -]memory\\b|\\bcuda error\\b|\\bengine (?:has )?(?:terminated|died|crashed)\\b|\\bin error state\\b|\\binference failed\\b|\\bfailed to allocate\\b|\\bllama_decode\\b",
              "memory",
              "cuda",
              "engine",
              "error state",
              "inference failed",
              "allocate",
              "llama_decode"),
          // a server without the memory the model needs (Ollama "model requires more system memory
          // … than is available")
          Clause.of(
              "\\bmemory\\b[^\\n]{0,40}?\\bthan (?:is )?available\\b|\\b(?:not enough|insufficient) (?:system |gpu |video )?memory\\b",
              "memory"));

  // A parameter, a field or a format named wrong or missing, in English and the corpus's languages
  // (row in_band.request_words): the request itself, which every route refuses the same way. A
  // request named wrong in validation's plainest grammar, with nothing else said (row
  // in_band.invalid_words, read after every other row): a thing named invalid or not valid, not
  // allowed, not supported, required or missing, malformed, unrecognised, illegal; a value that
  // must be or must not be something, cannot be empty or be used with another; a bad request.
  static final Words INVALID_HINTS =
      Words.of(
          // a field named with the type it must have ("no_pii needs to be a boolean value")
          Clause.of(
              "\\bneeds to be an? (?:boolean|string|integer|number|list|dict|dictionary|array|object)\\b",
              "needs to be a"),
          // the input named as what failed validation ("Error validating the input There were some
          // issues with the input values.")
          Clause.literals("error validating the input", "issues with the input"),
          Clause.of(
              "\\binvalid\\b|\\bnot (?:a )?valid\\b|\\bmalformed\\b|\\billegal\\b|\\bunrecogni[sz]ed\\b",
              "valid",
              "malformed",
              "illegal",
              "unrecogni"),
          Clause.of(
              "\\bmust (?:be|not|have|contain|specify|provide|include|match)\\b"
                  + "|\\bcannot be (?:empty|null|blank|used|combined|negative|zero)\\b",
              "must",
              "cannot be"),
          Clause.of(
              "\\bnot (?:allowed|permitted|supported)\\b|\\bunsupported\\b|\\brequired\\b"
                  + "|\\bmissing\\b|\\bbad request\\b"
                  + "|\\bunexpected (?:argument|parameter|field|property|key|keyword|option)\\b",
              "not allowed",
              "not permitted",
              "not supported",
              "unsupported",
              "required",
              "missing",
              "bad request",
              "unexpected"),
          // …or says so with a contraction or in other plain words: a thing that isn't supported,
          // allowed, accepted or compatible, options that can't be used together or only one of
          // which may be given, a value that should be something, something only allowed when
          // another is given, an unknown option, a value that couldn't be parsed, a conversation
          // that must end with or alternate its roles ("Image attachments aren't supported by the
          // currently selected model", "Can't use --edit-format whole together with --architect",
          // "Presence penalty should be a number from -2 to 2", "Conversation must end with a user
          // message", "Extended thinking isn't available with this model", "Model does not have
          // vision capability", "We couldn't read that file type")
          Clause.of(
              "\\b(?:is not|are not|was not|not|does not|do not) (?:(?:currently|yet) )?(?:support|supported"
                  + "|compatible|allowed|accepted|accept|recogni[sz]ed|understand)\\b"
                  + "|\\bcan(?:'t|not) (?:be )?(?:used|use|specify|have|mix|combine)\\b[^\\n]{0,60}?"
                  + "\\b(?:together|both|with)\\b|\\bcannot specify both\\b|\\bonly (?:use )?one of\\b"
                  + "|\\bshould (?:be|look like)\\b|\\bonly (?:allowed|supported|valid) (?:when|with|if)\\b"
                  + "|\\bunknown (?:option|flag|argument|parameter|field|prompt|command|variant)\\b"
                  + "|\\bcould(?:n't| not) be parsed\\b|\\bnot a number\\b"
                  + "|\\bexceeded the maximum number of (?:calls|iterations|steps)\\b"
                  + "|\\bis not acceptable\\b|\\bvalid values are\\b|\\bbut you passed\\b"
                  + "|\\bmust (?:end|start|begin) with\\b|\\broles? (?:should|must) (?:be )?alternat"
                  + "|\\b(?:is not|are not) (?:available|possible) (?:for|with)"
                  + " (?!your\\b|you\\b|free\\b|users?\\b)|\\bdoes(?:n't| not) have (?:vision|image|audio"
                  + "|tool|function)|\\b(?:that|this) file type\\b|\\bwith no matching\\b",
              "n't",
              "not ",
              "should",
              "only ",
              "unknown",
              "must",
              "file type",
              "no matching",
              "maximum number of",
              "valid values",
              "you passed"),
          // …or names what the request needs or how a value may be used: a thing that requires
          // another, a value that can only be given with another, what a server only supports,
          // values in conflict, a value of the wrong type ("useResponsesAPI: true requires
          // apiVersion: \"v1\"", "Stream options can only be defined when stream is True.",
          // "current only supported n == best_of", "Conflicting content hashes for image_data[0]",
          // "Expected a string or an array of strings")
          Clause.of(
              "\\brequires?\\b|\\bcan only be (?:used|defined|set|specified|given|passed|provided"
                  + "|enabled|combined)\\b|\\bonly support(?:s|ed)?\\b|\\bconflicting\\b"
                  + "|\\bexpected an? (?:string|integer|number|boolean|array|list|object|dict)\\b",
              "require",
              "can only be",
              "only support",
              "conflicting",
              "expected a"),
          // …or the prompt itself was empty or not given ("Error: no prompt provided", "Your
          // message is empty", "Please enter a message before sending", "Nothing to send") — not an
          // exception with no text of its own ("Exception: <empty message>", "Request failed with
          // no message")
          Clause.of(
              "(?<!<)\\b(?:empty|blank) (?:message|prompt|input|query|question)\\b(?!>)"
                  + "|\\bno (?:prompt|input|query|question)\\b"
                  + "|\\b(?:message|prompt|input|query|question|text) (?:is|was) (?:empty|blank)\\b"
                  + "|\\bnothing to (?:send|complete|submit)\\b"
                  + "|\\b(?:enter|include|provide|type) (?:a |an |your )?(?:message|prompt|question)\\b",
              "empty",
              "blank",
              "no ",
              "nothing to",
              "enter",
              "include",
              "provide",
              "type"));

  // What takes row in_band.invalid_words's meaning away, the thing named invalid being something
  // other than the request: the words name the answer or its stream, a parser, the app's
  // configuration, a licence, a secret, access, an address or something a filter detected ("Invalid
  // prompts detected" is Azure's content filter) ("Invalid response from AI service", "Model stream
  // ended with an invalid chunk", "Unexpected token '<' … is not valid JSON", "Open AI
  // Configuration is not valid", "The license key you entered is invalid", "Admin access required",
  // "The requested address is not valid in its context").
  static final Words INVALID_IS_SOMETHING_ELSE =
      Words.of(
          // a JSON decoder's own "invalid" (Python's "Invalid \escape: line 3 column 373 (char
          // 424)")
          Clause.of("\\(char \\d+\\)", "(char "),
          Clause.of(
              "\\b(?:response|reply|answer|output|stream|json|character|token|configuration|config"
                  + "|access|admin|secret|address)\\b|chunk|deserializ|unmarshal|licen[cs]e|detected"
                  + "|couldn.t be read|requests are not allowed"
                  // an extraction that failed: of something from an answer or a document, not a
                  // request's validation ("Failed to extract awards section. Aborting extraction to
                  // prevent partial/invalid resume data.")
                  + "|failed to extract",
              "response",
              "reply",
              "answer",
              "output",
              "stream",
              "json",
              "character",
              "token",
              "config",
              "access",
              "admin",
              "secret",
              "address",
              "chunk",
              "deserializ",
              "unmarshal",
              "licen",
              "detected",
              "be read",
              "requests are not allowed",
              "failed to extract"));

  // The server named, in the apps' languages, as the subject of LobeChat's descriptions of the 4xx
  // statuses ("Sorry, the server does not understand your request"), read by three REQUEST_HINTS
  // clauses.
  private static final String SERVER_NAMED =
      "(?:server|serwer|servidor|serveur|servizio|сервер|сървър|sunucu|máy chủ|服务器|伺服器|サーバー|서버|الخادم|سرور)";

  // A request parameter named in quotes by its API name or its path in the request
  // ("'max_tokens'", "`tool_choice`", "\"messages[2].content\"", "«temperature»"): an identifier of
  // lower-case letters, digits and underscores, with dotted or indexed parts; never the key, a
  // token or a password, which the auth rows read.
  private static final String QUOTED_PARAMETER =
      "[`'\"\u2018\u201c\u00ab\u201e\u300c](?!(?:api_?key|token|access_token|secret|password)\\W)\\$?[a-z_][a-z0-9_]*(?:(?:\\.|\\[\\d*\\]\\.?)[a-z0-9_]+)*(?:\\[\\d*\\])?"
          + "[`'\"\u2019\u201d\u00bb\u201c\u300d]";

  // A parameter named without quotes after the word for a field, a value, an array or a role in
  // the corpus's other languages ("Le champ messages est vide", "Die Rolle system ist nur als erste
  // Nachricht erlaubt"): an identifier of ASCII letters, digits and underscores, with dotted or
  // indexed parts, that a letter of the language does not go on from.
  // (NAME_FROM: where one starts, for the words that may follow it without a space)
  private static final String NAME_FROM =
      "(?<![\\p{L}\\p{N}_])[a-z_][a-z0-9_]*(?:(?:\\.|\\[\\d*\\]\\.?)[a-z0-9_]+)*(?:\\[\\d*\\])?";
  private static final String UNQUOTED_NAME = NAME_FROM + "(?![\\p{L}\\p{N}_])";

  // A request parameter named by its API name or path, in the grammar of validation around it:
  // a settled request error whichever parameter it names (RequestParameterNamesPropertyTest). Read
  // last (row in_band.request_words): the rows before it read the parameters whose names say
  // more (a key, a token, an answer's field). A dictionary's or an array's key is the answer's,
  // named by a client reading it ("no value was found for dictionary key 'choices'", "Undefined
  // array key \"type\""). Each clause is read only where its own words are, and the clauses the
  // quote anchors start with the quote, so that a text with quotes and no parameter costs one
  // character test a position.
  static final Words PARAMETER_NAMED =
      Words.of(
          // the rule the parameter broke, after it ("`top_k` may only be set to 1 when thinking
          // is enabled", "'texts' is NULL or empty", "`tool_call_id` is required"), a second one
          // that goes with it only one at a time ("'a' and 'b' cannot both be set"), and in the
          // corpus's other languages a field, key or value named after it ("Zorunlu 'messages'
          // alanı eksik", "'model' フィールドは"), a second one named with it ("'max_tokens' ile
          // 'max_completion_tokens' …") or its maximum ("… en 'stop' (máximo 4)")
          Clause.of(
              QUOTED_PARAMETER
                  + "(?:\\s*(?:\\([^)\\n]{0,20}\\)\\s*)?(?:parameter |field |argument |option |property |value )?"
                  + "(?:must|should|has to|have to|may only|can only|cannot|can't|is required|are required"
                  + "|requires?|is not allowed|are not allowed|is not supported|are not supported"
                  + "|(?:is|are) not available|was set|is set|is null|is empty|is missing|expects?"
                  + "|is invalid|is not valid|exceeds|is too (?:long|large|short|big|small)|needs? to"
                  + "|conflicts?|is only|are only|only (?:accepts?|supports?)|is out of range)\\b"
                  + "|\\s*(?:and|or|,)\\s*"
                  + QUOTED_PARAMETER
                  + "[^.\\n]{0,40}\\b(?:both|together|same time|simultaneously|mutually|only one)\\b"
                  + "|\\s?(?:alanı|parametresi|değeri|listesi|필드|항목|키|값|매개변수|フィールド|キー"
                  + "|パラメータ|の値|項目|字段|参数|的值|项)"
                  + "|\\s?(?:ile|y|e|et|und|и|và|dan|和|与|과|와)\\s?"
                  + QUOTED_PARAMETER
                  + "|\\s?\\((?:máximo|massimo|maximum|max|máx)\\.?:?\\s?\\d)",
              "`",
              "'",
              "\"",
              "\u2018",
              "\u201c",
              "\u00ab",
              "\u201e",
              "\u300c"),
          // what is wrong with it, before it ("Unknown field 'foo'", "invalid value for 'n'")
          Clause.of(
              "\\b(?:invalid|unknown|unrecognized|unrecognised|unsupported|missing|required"
                  + "|unexpected|illegal|extra|duplicate)(?: value| parameter| field| argument| key"
                  + "| property| option| type)?(?: for| in| of| to)? ?"
                  + QUOTED_PARAMETER,
              "invalid",
              "unknown",
              "unrecognized",
              "unrecognised",
              "unsupported",
              "missing",
              "required",
              "unexpected",
              "illegal",
              "extra",
              "duplicate"),
          // what kind of name it is, before it ("parameter `x`", "field 'y'"), or two offered one
          // or the other ("Either \"a\" or \"b\" can be specified, but not both")
          Clause.of(
              "\\b(?:parameter|param|field|argument|(?<!dictionary |array )key|option)s? "
                  + QUOTED_PARAMETER
                  + "|\\beither "
                  + QUOTED_PARAMETER
                  + "\\s*or\\s*"
                  + QUOTED_PARAMETER,
              "param",
              "field",
              "argument",
              "key",
              "option",
              "either"),
          // a parameter named by its API name without quotes, in snake_case as the servers print
          // it, before the rule it broke ("truncate_prompt_tokens value is greater than
          // max_model_len", "allowed_token_ids is not None and empty!", "continue_final_message is
          // set but …"); never a key, a token, a secret or an address, which the auth and
          // connection rows read ("DEEPSEEK_API_KEY must be set", "SD_WEBUI_URL not set")
          Clause.of(
              "(?<![\\w`'\"])[a-z][a-z0-9]*_[a-z0-9_]*(?<!key|token|secret|password|credentials|url|base|host"
                  + "|endpoint)(?:=[\\w.-]+)?\\s+(?:value\\s+)?(?:must|should|has to|may only|can only|cannot"
                  + "|can't|is required|are required|is not allowed|is not supported|is not none|is set but"
                  + "|is provided while|is greater than|is less than|is not set|not set|needs to|is only"
                  + "|is invalid|is too (?:long|large|small))\\b",
              "_"),
          // …and in the corpus's other languages: a field, key, value or array named before it
          // ("Le champ 'messages' est vide", "Valor no válido para 'temperature'", "L'array
          // 'messages' è vuoto"), or options named in conflict ("Opções conflitantes: 'x' é false
          // mas 'y' foi informado")
          Clause.of(
              "(?:campo|champ|feld|valor|valore|valeur|wert|значение|поле|ключ|chiave|clave|schlüssel"
                  + "|nilai|giá trị|trường|キー|フィールド|字段|键|키|필드|array|lista|liste|tableau|массив)"
                  + "\\s?(?:de |para |per |di |pour |für |von |del |do |da |du |des |dello |della )?"
                  + QUOTED_PARAMETER
                  // …or without quotes, after a word for a field or a value
                  + "|(?<!\\p{L})(?:campo|champ|feld|valor|valore|valeur|wert|значение|поле|nilai|giá trị"
                  + "|trường|フィールド|字段|필드|l'array|массив|tableau|rol|rolle|ruolo|papel|rôle|роль)"
                  + "\\s?(?:de |para |per |di |pour |für |von |del |do |da |du |des )?"
                  + UNQUOTED_NAME
                  // …or before a word for a field, a value or a list that follows the name in
                  // Turkish, Korean, Japanese and Chinese ("Zorunlu messages alanı eksik")
                  + "|"
                  + NAME_FROM
                  + "\\s?(?:alanı|parametresi|değeri"
                  + "|listesi|필드|항목|매개변수|フィールド|パラメータ|項目|字段|参数)"
                  // …or with the maximum it exceeded after it ("… en stop (máximo 4)")
                  + "|"
                  + NAME_FROM
                  + " \\((?:máximo|massimo|maximum|max|máx)\\.?:?\\s?\\d"
                  + "|(?:válid[oa]|valid[oa]|valide|gültig)[a-z]* (?:para|per|pour|für) "
                  + QUOTED_PARAMETER
                  + "|(?:conflitantes?|conflicting|en conflicto|en conflit|in conflitto|widersprüchliche|çakışan)"
                  + "[^\\n]{0,40}"
                  + QUOTED_PARAMETER,
              "campo",
              "champ",
              "feld",
              "rol",
              "ruolo",
              "papel",
              "rôle",
              "роль",
              "alanı",
              "parametresi",
              "değeri",
              "항목",
              "매개변수",
              "パラメータ",
              "項目",
              "参数",
              "(m",
              "valor",
              "valeur",
              "wert",
              "значение",
              "поле",
              "ключ",
              "chiave",
              "clave",
              "schlüssel",
              "nilai",
              "giá trị",
              "trường",
              "キー",
              "フィールド",
              "字段",
              "键",
              "키",
              "필드",
              "array",
              "lista",
              "liste",
              "tableau",
              "массив",
              "válid",
              "valid",
              "gültig",
              "conflit",
              "conflict",
              "widersprüch",
              "çakışan"));

  static final Words REQUEST_HINTS =
      Words.of(
          // a header value the HTTP client refused to send (OkHttp's "Unexpected char 0x221e at 11
          // in HTTP-Referer value")
          Clause.of("\\bunexpected char 0x[0-9a-f]+ at \\d+", "unexpected char 0x"),
          // a field the API does not know, in Google's protobuf JSON words
          // ("\"systemInstructions\": Cannot find field"), a structure in a place AWS's serializer
          // does not take it ("Start of structure or map found where not expected"), a client too
          // old for the service ("Please upgrade your Copilot extension to continue using this
          // service"), an object passed where the call takes another ("You tried to pass a
          // `BaseModel` class to `chat.completions.create()`")
          Clause.of(
              "\\bcannot find field\\b|\\bfound where not expected\\b|\\byou tried to pass an? \\W?\\w+"
                  + "|\\bupgrade your [\\w .-]{1,30}?(?:extension|plugin|client|cli|sdk) to continue\\b",
              "cannot find field",
              "where not expected",
              "you tried to pass",
              "upgrade your"),
          // …and a kind of tool only some of which the call takes ("Only `strict` function tools
          // can be auto-parsed"), an API called the way it no longer takes ("API接口调用已升级为异步调用")
          Clause.of(
              "\\bonly \\W?\\w+\\W? (?:function |tool )?(?:tools|functions) (?:can|may) be\\b|已升级为异步调用",
              "tools can be",
              "tools may be",
              "functions can be",
              "functions may be",
              "已升级为异步调用"),
          // an option that may only be given with another, or a value only one value of which is
          // taken, named without the marks of a parameter ("Stream options can only be defined
          // when stream is True", "stream api only support n = 1")
          Clause.of(
              "\\bcan only be (?:defined|set|used|specified|provided|enabled|passed) (?:when|if|with)\\b"
                  + "|\\bonly supports? [a-z_]{1,30} ?(?:=|==|<=) ?\\d",
              "can only be",
              "only support"),
          // what the caller must supply, set or use, in the imperative ("Must supply a
          // `contentType` when sending File URIs to Gemini", "you must use sampling when `best_of`
          // is > 1", "Please set a value for Max Tokens.", "Please provide a valid number of
          // images"), what only some models or tool types support ("Currently only `function` tool
          // types support auto-parsing", "Only ['qwen2.5-instruct', …] support tool calls"), and a
          // request that must hold exactly one of something ("streaming completions require exactly
          // one prompt string")
          Clause.of(
              "\\b(?:must|you need to) (?:supply|provide|specify|pass|include|use sampling)\\b"
                  + "|\\bplease (?:provide an? (?:valid|code|value)|specify an?|set a value for|select an?|choose an?)\\b"
                  + "|\\b(?:currently only|^only) [^\\n]{1,60}?\\bsupport (?:tool|function|auto|stream|json|image|audio|vision)"
                  + "|\\brequires? exactly one\\b",
              "must",
              "need to",
              "please",
              "only",
              "exactly one"),
          // a field of the request named empty, of the wrong type, of an unknown kind or not
          // matching another ("audio file is empty", "output_parse_pii needs to be a boolean
          // value",
          // "Prompt variables is set but not a dictionary", "unknown content type: input_video",
          // "Inputs and outputs length mismatch"), a model asked for a task it does not do ("model
          // is not a re-ranker model", "This model is a chat model."), a feature not yet supported
          // ("vLLM V1 does not yet support best_of"), more of something than one request may hold
          // ("Cannot run multiple aLoRAs in a single request"), a URL the server may not fetch
          // ("URL with IP address 169.254.169.254 is not allowed") — never the answer's text,
          // output
          // or body named empty
          Clause.of(
              "\\b(?!(?:response|output|result|reply|answer|completion|content|choices|candidates|text|body|stream|data)\\b)[a-z_]+ (?:is|are) empty\\b"
                  + "|\\b(?:needs to|has to|must) be an? (?:boolean|string|number|integer|list|array|object|dict)\\b"
                  + "|\\bnot an? (?:string|number|list|dict|dictionary|boolean|integer)\\b"
                  + "|\\bunknown (?:content|message|tool|part|grammar trigger|input|media|file) type\\b"
                  + "|\\b(?:length|config|contenttype|content type|shape|dimension) mismatch\\b"
                  + "|\\bis not an? [a-z-]+ model\\b|\\bmodel is an? [a-z]+ model\\."
                  + "|\\bdoes not yet support\\b|\\bnot yet supported\\b"
                  + "|\\bin a single request\\b"
                  + "|\\burl with [^\\n]{0,40}?\\bis not allowed\\b|\\bresolved to disallowed ip\\b",
              "empty",
              " be a",
              "not a",
              "unknown",
              "mismatch",
              " model",
              "yet support",
              "single request",
              "disallowed"),
          // image input sent to a server built without multimodal support ("The server was not
          // compiled for multimodal or the model projector can't be loaded.")
          Clause.of("\\bserver was not compiled for multimodal\\b", "not compiled for multimodal"),
          // a function-call output with no matching tool call in the request, or a call with no
          // output ("No tool call found for function call output with call_id call_sFX9...", "No
          // tool output found for function call call_...")
          Clause.of(
              "\\bno tool (?:call|output) found for function call\\b", "found for function call"),
          // a request config or body the gateway cannot use ("should have a valid config", "did
          // not resolve to any valid target", "invalid character '}' looking for beginning of
          // object key string")
          Clause.of(
              "\\bshould have a valid config\\b|\\bdid not resolve to any valid target\\b|\\blooking for beginning of object key string\\b|\\bupload \\\"[^\\\"\\n]{1,80}\\\" is empty\\b|\\b(?:duration|action) is not [a-z0-9]+ or [a-z0-9]+\\b",
              "valid config",
              "valid target",
              "object key string",
              "upload",
              "is not"),
          // required input not given ("no session, pattern or user messages provided", "You need
          // to specify an embedding model (no default model is set)")
          Clause.of(
              "\\bno (?:session, )?(?:[a-z]+, )?(?:[a-z]+ )?(?:or )?(?:user )?messages? provided\\b|\\bno default model (?:is )?(?:set|configured)\\b|\\bneed to specify an? (?:[a-z]+ )?model\\b",
              "provided",
              "default model",
              "specify"),
          // malformed input fields ("failed to unmarshal input", "document at index 2 is not a
          // string", "upload \"notes.txt\" is not an image")
          Clause.of(
              "\\bfailed to (?:unmarshal|decode) (?:the )?input\\b|\\bmessage content is (?:nil|null)\\b|\\bat index \\d+ is not an? (?:string|object|array|number)\\b|\\bis not an image\\b|\\brequires a prompt\\b|\\b(?:task|file) id is (?:empty|missing)\\b",
              "input",
              "content is",
              "at index",
              "not an image",
              "requires a prompt",
              " id is"),
          // base64 input that is empty or cannot be decoded ("base64 decode failed", "empty base64
          // data")
          Clause.of(
              "\\bbase64 (?:decode|decoding) failed\\b|\\b(?:empty|invalid) base64 data\\b|\\bfailed to decode base64\\b",
              "base64"),
          // an invalid mode setting, in Chinese ("无效的加速模式")
          Clause.of("无效的[^\\n]{0,8}?模式|無效的[^\\n]{0,8}?模式", "无效的", "無效的"),
          // a model that only accepts streaming requests ("only support stream mode now, please
          // set stream=true", "只能stream模式下请求")
          Clause.of(
              "\\bonly supports? stream(?:ing)? mode\\b|\\bplease set stream ?= ?true\\b|只能\\s?stream\\s?模式|仅支持\\s?stream\\s?模式|只支持\\s?stream\\s?模式",
              "stream"),
          // an invalid previous response id ("Invalid previous response ID")
          Clause.of("\\binvalid previous response id\\b", "previous response id"),
          // too many tools in a request ("Tool limit exceeded (140/128)", "Cannot have more than
          // 128 tools per request")
          Clause.of(
              "\\btool limit exceeded \\(\\d+/\\d+\\)|\\bcannot have more than \\d+ tools\\b|\\btoo many tools (?:in|per|for) (?:the |a |this )?request\\b",
              "tool limit",
              "tools"),
          // a request body that could not be built ("Failed to build request body")
          Clause.of(
              "\\b(?:failed|unable) to (?:build|construct|create|serialize|marshal) (?:the )?request body\\b",
              "request body"),
          // a model setting invalid or a model this backend does not support, in Chinese and
          // Korean ("模型的某项设置无效。", "이 백엔드에서 지원하지 않는 모델입니다")
          Clause.of(
              "模型的?(?:某项|某個)?(?:设置|設置|設定|参数|參數)(?:无效|無效)|백엔드에서 지원하지 않는 모델",
              "无效",
              "無效",
              "지원하지 않는 모델"),
          // a request body or template the client could not build ("error parsing request JSON:
          // not an object", "Disallowed create args are present", "Error replacing variables.
          // Please check your inputs.")
          Clause.of(
              "\\berror parsing request json\\b|\\bdisallowed [a-z ]{0,20}args? (?:are|is) present\\b|\\berror replacing variables\\b",
              "request json",
              "disallowed",
              "replacing variables"),
          // an empty input to embed or generate from ("'texts' is NULL or empty", "Cannot embed
          // empty or undefined text", "Prompt tokenized to zero tokens.")
          Clause.of(
              "\\b(?:texts?|inputs?|prompt|messages?)'? (?:is|are) null or empty\\b|\\bcannot embed empty\\b|\\btokenized to zero tokens\\b|\\bneed a valid prompt\\b",
              "null or empty",
              "cannot embed empty",
              "zero tokens",
              "valid prompt"),
          // a model or provider called through the wrong API or with a misformed model name ("This
          // model requires the Responses API.", "supports only the Chat Completions API", "expects
          // model names in the form 'provider/model'")
          Clause.of(
              "\\b(?:model|deployment) requires the responses api\\b|\\b(?:supports only|only supports) the (?:chat completions|responses) api\\b|\\bexpects model names? in the form\\b",
              "responses api",
              "chat completions api",
              "in the form"),
          // tools declared wrong for the request ("Native `MemoryTool` requires a 'memory' tool to
          // be defined.", "No function result provided in the tool message.", "You can only
          // provide one computer tool. Got 2")
          Clause.of(
              "\\brequires an? '?[a-z_]{2,30}'? tool to be defined\\b|\\bno function result provided\\b|\\bbut did not provide any tools\\b|\\bonly support automatic tool selection\\b|\\byou can only provide one [a-z ]{2,20}tool\\b|\\bmaximum of \\d+ (?:skills|tools|functions) per request\\b|\\btools in namespace [^\\n]{1,40}? must\\b",
              "tool to be defined",
              "function result",
              "provide any tools",
              "automatic tool selection",
              "only provide one",
              "per request",
              "tools in namespace"),
          // a setting that cannot go with another ("Server-managed conversations do not support
          // handoff input filters"; "cannot be combined with" is REQUEST_WORDING's, read first)
          Clause.of(
              "\\bdo(?:es)? not support handoff input filters\\b|\\brejects a request whose\\b",
              "handoff input filters",
              "rejects a request whose"),
          // a provider constraint on thinking blocks, cache points or citations ("thinking blocks
          // cannot be modified", "CachePoint cannot be placed when the user message contains only
          // a document", "requires all documents to have consistent citation settings")
          Clause.of(
              "\\bthinking blocks?[^\\n]{0,60}?cannot be modified\\b|\\bcache ?points? cannot be placed\\b|\\bconsistent citation settings\\b",
              "cannot be modified",
              "cannot be placed",
              "citation settings"),
          // media input the provider cannot take or read ("Cohere does not yet support multi-modal
          // inputs.", "only support text parts, but received LMImagePart", "image could not be
          // processed")
          Clause.of(
              "\\bdoes not (?:yet )?support multi-?modal inputs?\\b|\\bonly supports? text parts\\b|\\bunable to fetch one or more images\\b|\\bimages? could not be processed\\b",
              "multi-modal input",
              "multimodal input",
              "text parts",
              "one or more images",
              "could not be processed"),
          // a parameter value the provider does not take ("only support reasoning effort low,
          // medium, high, got 'minimal'", "embed_batch_size 200 exceeds the maximum allowed value
          // of 96", "Supported values are 'Auto', 'Low' and 'High'")
          Clause.of(
              "\\bonly supports? reasoning effort\\b|\\bexceeds the maximum allowed value of\\b|\\bunknown (?:[a-z]+ ){0,3}(?:level|format|mode|type|effort) '[^'\\n]{1,40}'\\. supported values are\\b",
              "reasoning effort",
              "maximum allowed value",
              "supported values are"),
          // a parameter value out of its allowed range ("`penalty` has to be strictly positive,
          // but is 0.0", "`tfs` has to be a float >= 0 and <= 1, but is 1.5")
          Clause.of("`?[a-z_]{2,40}`? has to be [^\\n]{1,60}?,? but is\\b", "has to be"),
          // a client configured without its deployment, endpoint or API version ("Azure OpenAI API
          // needs a deployment id", "Please provide an Azure endpoint or set the environment
          // variable", "You must set OPENAI_API_VERSION for Azure OpenAI.")
          Clause.of(
              "\\bneeds a deployment (?:id|name)\\b|\\bplease provide an? (?:[a-z]+ )?endpoint or set the environment variable\\b|\\byou must set (?:the )?(?:[a-z]+_)?api[_ ]version\\b",
              "deployment id",
              "deployment name",
              "endpoint or set",
              "api_version",
              "api version"),
          // no model given in the request ("Model not specified. PLease enter model name", "No
          // model ID provided", "No Ollama model selected.")
          Clause.of(
              "\\bmodel (?:is )?not specified\\b|\\bno (?:[a-z]+ )?model(?: id| name)? (?:provided|selected)(?:[.!]|$)|(?m:^please select a model\\.?$)",
              "not specified",
              "provided",
              "selected",
              "select a model"),
          // a model of the wrong kind for the task ("Model HuggingFaceH4/zephyr-7b-beta is not a
          // embedding model.", "Not a text completion model.", "LLM Node only compatible with
          // function calling models.", Xinference's "Model … is not for chat.")
          Clause.of(
              "\\bis not for (?:chat|embeddings?|generate|generation)\\b"
                  + "|\\bis not an? (?:embedding|text generation|text completion|chat) model\\b|\\bnot an? (?:embedding|text completion|text generation) model\\b|\\bonly compatible with function calling models\\b|\\bneeds? to have a function calling capable models?\\b",
              "embedding model",
              "text generation model",
              "text completion model",
              "chat model",
              "function calling",
              "is not for"),
          // an unknown content part in the request ("Unknown content part: {'type': 'video'}",
          // "Unknown content type: [{'type': 'video'}]")
          Clause.of("\\bunknown content(?: part| type| block)?: ?[\\[{]", "unknown content"),
          // a media part without its data or in a form the provider does not take ("Image content
          // does not contain any data or uri.", "UploadedFile for Bedrock must use an S3 URL",
          // "only support base64 data URLs for images")
          Clause.of(
              "\\b(?:image|audio|video|file) content does not contain any data\\b|\\b(?:image|audio|video) should contain either\\b|\\bimage ?content without data|\\brequires both data and format\\b|\\baudio input requires base64\\b|\\bonly support base64 data urls?\\b|\\bmust use an? (?:s3|gcs|file) (?:url|uri)\\b|\\bmime ?type not found in\\b",
              "content does not contain any data",
              "should contain either",
              "without data",
              "requires both data",
              "requires base64",
              "base64 data url",
              "must use a",
              "mimetype not found",
              "mime type not found"),
          // a conversation of the wrong shape (only system messages, several system messages, none
          // from the user, a tool message out of place, no messages) ("Chat history can't contain
          // only system messages.", "Tool message found without a preceding message.", "Got empty
          // list of messages.")
          Clause.of(
              "\\b(?:cannot|must not) contain only system messages?\\b|\\bcontained only system messages\\b|\\bat least one (?:non-system|user) message\\b|\\bmultiple system messages in\\b|\\bonly one system message is (?:expected|allowed|supported)\\b|\\blast message in (?:the )?(?:chat history|thread|conversation) (?:was|is) (?:null|empty|not from)\\b|\\btool message found (?:after|without|before)\\b|\\bgot (?:an )?empty list of messages\\b|\\bat least one message with content\\b|\\bmessage you want to send to the model is empty\\b|\\bmessages are required when\\b|\\binput list (?:cannot|must not) be empty\\b|\\bcannot count tokens without any messages\\b",
              "system message",
              "user message",
              "last message in",
              "tool message found",
              "list of messages",
              "message with content",
              "is empty",
              "messages are required",
              "without any messages",
              "be empty"),
          // two options that cannot be used together ("Cannot use both tools and structured output
          // at the same time", "json_output and format cannot be set at the same time", "cannot
          // both be enabled")
          Clause.of(
              "\\bcannot use both tools and structured output\\b|\\btool calls (?:are|is) not compatible with structured output\\b|\\bcannot be set at the same time\\b|\\bcannot both be enabled\\b|\\bplease choose only one option\\b",
              "structured output",
              "at the same time",
              "both be enabled",
              "only one option"),
          // tool auto-invocation or streaming asked with several completions ("Auto-invocation of
          // tool calls may only be used with a CandidateCount of 1.", "Cannot stream multiple
          // responses, please set n=1.")
          Clause.of(
              "\\bauto[- ]invocation of tool calls may only be used with\\b|\\b(?:cannot|does not) stream multiple (?:responses|completions|choices)\\b",
              "invocation of tool calls",
              "stream multiple"),
          // an image placed in the system message ("images have to be in user messages, not in
          // system message", "Bedrock Converse: images cannot be in system messages")
          Clause.of(
              "\\bimages? (?:have to|must|can only|cannot) be in (?:user|system) messages?\\b",
              "be in user message",
              "be in system message"),
          // a request value out of range or a file or template it names missing ("routed_dp_rank=4
          // out of range [0, 2)", "file does not exist or cannot be opened: images/cat.png")
          Clause.of(
              "\\b[a-z_]{2,40}=\\d+ out of range \\[|\\bchat template string [^\\n]{0,60}?does not exist\\b|\\bfile does not exist or cannot be opened\\b",
              "out of range [",
              "chat template",
              "cannot be opened"),
          // a model of the wrong kind for the request ("Model has wrong domain … it is actually an
          // embedding model", "embedding models require input text", "model \"speaker-diar\" has
          // no backend set")
          Clause.of(
              "\\bembedding models? requires? input\\b|\\bbut it is actually an? (?:embedding|llm|chat|rerank(?:ing)?) model\\b|\\bmodel has wrong domain\\b|\\bhas no backend set\\b|\\bmodel is not a pipeline model\\b|\\bmust declare known_usecases\\b|\\bset [a-z_.]{2,60} to a concrete\\b",
              "embedding model",
              "actually a",
              "wrong domain",
              "no backend set",
              "pipeline model",
              "known_usecases",
              "to a concrete"),
          // an option set where it is not allowed ("title can only be sepcified with
          // TaskType.RETRIEVAL_DOCUMENT", "Options cannot be provided to a deployed model")
          Clause.of(
              "\\bcan only be (?:specified|sepcified|defined|set) with\\b|\\bcannot be provided to a deployed model\\b",
              "can only be",
              "deployed model"),
          // a prompt that could not be tokenized ("Failed to tokenize prompt")
          Clause.of("\\bfailed to tokenize (?:the )?(?:prompt|input)\\b", "failed to tokenize"),
          // a request body that could not be decompressed ("failed to decompress request body",
          // "failed to decompress zstd body")
          Clause.of(
              "\\bfailed to decompress (?:the )?(?:request|zstd|gzip|deflate|brotli)? ?body\\b",
              "failed to decompress"),
          // images, audio or video in the input the server cannot take ("received zero length
          // image", "Failed to decode audio data", "Found more '<image>' placeholders in input
          // prompt than actual multimodal data items")
          Clause.of(
              "\\breceived zero length (?:image|audio|video)\\b|\\bfailed to decode (?:audio|image|video) data\\b|\\bcould not decode (?:video|audio|image)\\b|\\bplaceholders in (?:the )?input prompt than\\b|\\bimage count \\d+ exceeds limit\\b|\\brequires a multimodal processor\\b|\\b[a-z_]{2,40} has \\d+ entries\\b",
              "zero length",
              "failed to decode",
              "could not decode",
              "placeholders in",
              "image count",
              "multimodal processor",
              " entries"),
          // a request option the server cannot accept as set ("Reasoning parser 'qwen3' is
          // always-on and cannot be disabled", "The engine … cannot accept text prompts", "Do not
          // set `enable_tokenizer_batch_encode`")
          Clause.of(
              "\\bis always-on and cannot be disabled\\b|\\bplease send a new request without\\b|\\bcannot accept text prompts\\b|\\bmay not contain the reserved\\b|\\bshould not contain backslashes\\b|\\bfound in both the input and\\b|\\bdo not set `[a-z_]{2,40}`|\\bpooling type '[^'\\n]{1,30}' is not\\b|\\b(?:do|does) not support verbose_json\\b",
              "always-on",
              "send a new request without",
              "cannot accept text prompts",
              "reserved",
              "backslashes",
              "found in both",
              "do not set `",
              "pooling type",
              "verbose_json"),
          // a format, item type or action the server does not know ("Unknown reasoning format:
          // thinking", "unknown input item type: \"file_search_call\"")
          Clause.of(
              "\\bunknown (?:reasoning format|input item type|control action)\\b|\\bno handler registered for @?requestformat\\b",
              "unknown reasoning format",
              "unknown input item type",
              "unknown control action",
              "no handler registered"),
          // tool calls or tool parameters given wrong ("requires all tool calls to have an
          // \"id\"", "Parameters of tool brave_search must only have these properties", "No string
          // argument found in python tool")
          Clause.of(
              "\\brequires all tool calls to have\\b|\\brequires a tool name for each tool call\\b|\\bparameters of tool \\S{1,60} must\\b|\\bstring arguments? found in [^\\n]{0,20}?tool\\b",
              "tool calls to have",
              "tool name for each",
              "parameters of tool",
              "found in"),
          // a tool schema with types the API cannot take ("Gemini cannot handle null type",
          // "cannot handle union types (discriminatedUnion, anyOf, oneOf)")
          Clause.of(
              "\\bcannot handle (?:null|union|enum|tuple|recursive|array|any) types?\\b",
              "cannot handle"),
          // an image or media URL given in a form the server refuses ("Media URL has no host",
          // "Please provide image as base64 encoded data URL", "Image data only supported through
          // in-line base64 format")
          Clause.of(
              "\\bmedia url (?:has no host|must remain|exceeded \\d+ redirects|host resolves to a blocked)\\b|\\bplease provide (?:the )?image as base64\\b|\\bimage data (?:is )?only supported through\\b|\\bonly string image_url\\b",
              "media url",
              "as base64",
              "image data",
              "image_url"),
          // a request field of the wrong type ("item['content'] is not an array", "Expected 'file'
          // to be a file-like object, not 'str'")
          Clause.of(
              "'\\] is not an? (?:array|string|object|list|dict|number|integer|boolean)\\b|\\bexpected '[a-z_]{1,40}' to be an? [^\\n]{1,40}?, not '",
              "'] is not a",
              "expected '"),
          // a request part missing the field it requires ("'Input text' requires 'text'",
          // "return_sampling_mask requires return_meta_info=true", "Need item_id, but none
          // specified")
          Clause.of(
              "'[a-z ]{2,30}' requires '[a-z_]{2,30}'|\\bparts require exactly one of\\b|\\b[a-z_]{2,40} requires [a-z_]{2,40}=true\\b|\\bneed [a-z_]{2,40}, but none specified\\b|\\bno model specified\\b",
              "' requires '",
              "require exactly one of",
              "=true",
              "but none specified",
              "no model specified"),
          // messages in an order or role the API refuses ("System messages are only permitted as
          // the first passed message", "requires alternate messages between authors", "Received
          // multiple non-consecutive system messages")
          Clause.of(
              "\\bsystem messages? (?:are|is) only (?:permitted|allowed|supported) as the first\\b|\\bmultiple non-consecutive system messages\\b|\\breceived only system messages?\\b|\\brequires alternate messages between\\b|\\bproblem parsing your system message\\b|\\bparts are only valid in (?:assistant|user|system) messages\\b",
              "system message",
              "alternate messages",
              "only valid in"),
          // two request options that exclude each other ("Cannot set both `continue_final_message`
          // and `add_generation_prompt` to True", "session_id and session_params cannot both be
          // set")
          Clause.of(
              "\\bcannot set both `?[a-z_]{2,40}`? and\\b|\\b[a-z_]{2,40} and [a-z_]{2,40} cannot both be set\\b|\\beither use [^\\n]{1,60}? or [^\\n]{1,30}?, not both\\b",
              "set both",
              "not both"),
          // a request id sent twice ("Duplicate request ID detected: chatcmpl-3f9c2a")
          Clause.of("\\bduplicate request ids? detected\\b", "duplicate request id"),
          // a request option the server was not started to accept ("You must set
          // `--enable-prompt-embeds` to input `prompt_embeds`", "requires the server to be
          // launched with --enable-strict-thinking")
          Clause.of(
              "\\byou must set `?--[a-z0-9-]{2,40}`? to\\b|\\brequires the server to be launched with\\b|\\bplease launch with `?--[a-z0-9-]{2,40}|\\bcannot load local files without `?--",
              "you must set",
              "to be launched with",
              "launch with",
              "without `--",
              "without --"),
          // structured-output constraints given wrong ("You can only use one kind of constraints
          // for structured outputs", "structured outputs constraint but none are specified")
          Clause.of(
              "\\bconstraints? for structured outputs?\\b|\\bstructured outputs? constraints?\\b|\\bstructured_outputs\\.\\w+ must not\\b",
              "structured output",
              "structured_outputs"),
          // a setting that cannot be combined with streaming ("Cannot stream results when n > 1.",
          // "Cannot use tools with stream", "Stream options can only be defined when
          // `stream=True`")
          Clause.of(
              "\\bcannot stream results (?:when|with)\\b|\\bcannot use tools with stream(?:ing)?\\b|\\bcannot handle more than \\d+ `?[a-z_]{1,40}`? when streaming\\b|\\b(?:does not|do not) support (?:the )?streaming case\\b|\\bcan only be (?:defined|set|specified|used) when `?stream`? ?= ?true\\b",
              "stream"),
          // the provider could not process the request as made, in 17 languages ("Poskytovatel
          // nemohl zpracovat požadavek jak byl zadán", "Провайдер не зміг обробити запит таким
          // чином", "The provider couldn't process the request as made")
          Clause.of(
              "\\bprovider (?:could not|was unable to|cannot) process the request as (?:made|given|sent|submitted)\\b|\\bposkytovatel nemohl zpracovat požadavek\\b|провайдер не (?:зміг|може) обробити запит|провайдер не (?:смог|может) обработать запрос|\\bproveedor no pudo procesar la solicitud tal como\\b|\\bfournisseur n'a pas pu traiter la demande telle que\\b|\\bprovider non ha potuto elaborare la richiesta come\\b|\\bprovedor não conseguiu processar a solicitação conforme\\b|\\bprovider kon het verzoek niet verwerken zoals\\b|\\bdostawca nie mógł przetworzyć żądania\\b|\\bsağlayıcı isteği bu şekilde işleyemedi\\b|nhà cung cấp không thể xử lý yêu cầu theo cách này|(?:提供商|供應商)无法按此方式处理请求|(?:提供商|供應商)無法按照此方式處理請求|プロバイダーはリクエストをそのまま処理できませんでした|공급자가 요청을 처리할 수 없습니다|penyedia tidak dapat memproses permintaan seperti yang dibuat|प्रदाता अनुरोध को जैसे बनाया गया था",
              "provider",
              "poskytovatel",
              "провайдер",
              "proveedor",
              "fournisseur",
              "provedor",
              "dostawca",
              "sağlayıcı",
              "nhà cung cấp",
              "提供商",
              "供應商",
              "プロバイダー",
              "공급자가",
              "penyedia",
              "प्रदाता"),
          // a Dify app called on the route of another mode ("Please check if your Chat app mode
          // matches the right API route.")
          Clause.literals("matches the right api route"),
          // Anthropic's description of its invalid_request_error ("There was an issue with the
          // format or content of your request."), an API base URL not given ("No API base URL
          // provided")
          Clause.literals("format or content of your request", "no api base url"),
          // a request that must carry the correct conditional headers (HTTP 428), in the apps'
          // languages ("your request contain the correct conditional header", "die richtigen
          // Bedingungsköpfe enthält", "请求包含正确的条件头")
          Clause.of(
              "conditional (?:request )?headers?"
                  + "|bedingungsköpfe"
                  + "|bedingungs-?header"
                  + "|voorwaardelijke (?:kop|header)"
                  + "|encabezados de condición"
                  + "|cabeçalhos de condição"
                  + "|en-têtes de condition"
                  + "|intestazioni (?:di condizione|condizionali)"
                  + "|nagłówki warunkowe"
                  + "|условные заголовки"
                  + "|условен заглавие"
                  + "|условни заглавки"
                  + "|koşul başlıklarını"
                  + "|tiêu đề điều kiện"
                  + "|正确的条件头"
                  + "|正確的條件頭"
                  + "|条件ヘッダー"
                  + "|조건 헤더"
                  + "|رؤوس الشروط"
                  + "|هدرهای شرطی",
              "bedingungs",
              "voorwaardelijke",
              "condici",
              "condiç",
              "condition",
              "condizion",
              "warunkowe",
              "условн",
              "условен",
              "koşul başlık",
              "tiêu đề điều kiện",
              "条件头",
              "條件頭",
              "条件ヘッダー",
              "조건 헤더",
              "رؤوس الشروط",
              "هدرهای شرطی"),
          // a client asked to upgrade to a higher protocol version (HTTP 426), in the apps'
          // languages ("upgrade to a higher protocol version", "auf eine höhere Protokollversion
          // aktualisiert", "升级到更高的协议版本")
          Clause.of(
              "(?:higher|newer) protocol version"
                  + "|höhere protokollversion"
                  + "|hogere protocolversie"
                  + "|versión (?:de|del) protocolo (?:más alta|superior|más reciente)"
                  + "|versão (?:de|do) protocolo (?:mais alta|superior|mais recente)"
                  + "|version (?:de|du) protocole (?:supérieure|plus récente)"
                  + "|versione (?:del|di) protocollo (?:superiore|più recente)"
                  + "|nowszej wersji protokołu"
                  + "|(?:более )?новой версии протокола"
                  + "|по-висока версия на протокола"
                  + "|yüksek bir protokol sürümü"
                  + "|nâng cấp phiên bản giao thức"
                  + "|更高的协议版本"
                  + "|更高的協議版本"
                  + "|より高いプロトコルバージョン"
                  + "|더 높은 프로토콜 버전"
                  + "|إصدار بروتوكول أعلى"
                  + "|نسخه بالاتری از پروتکل",
              "protocol",
              "protokołu",
              "протокола",
              "protokol",
              "giao thức",
              "协议版本",
              "協議版本",
              "プロトコルバージョン",
              "프로토콜 버전",
              "بروتوكول",
              "پروتکل"),
          // a well-formed request with semantic errors (HTTP 422), in the apps' languages ("due to
          // semantic errors, it cannot be responded to", "aufgrund semantischer Fehler", "أخطاء
          // دلالية")
          Clause.of(
              "\\bsemantic errors?\\b"
                  + "|semantische[rn]? fehler"
                  + "|semantische fouten"
                  + "|erreurs? sémantiques?"
                  + "|errores semánticos"
                  + "|erros semânticos"
                  + "|errori semantici"
                  + "|błęd(?:ów|u|y) semantyczn"
                  + "|семантическ(?:ой|их|ая|ие) ошибк"
                  + "|семантични грешки"
                  + "|anlamsal hata"
                  + "|lỗi ngữ nghĩa"
                  + "|语义错误"
                  + "|語義錯誤"
                  + "|意味エラー"
                  + "|의미 오류"
                  + "|أخطاء دلالية"
                  + "|خطای معنایی",
              "semantic",
              "semantische",
              "sémantique",
              "semántic",
              "semântic",
              "semantyczn",
              "семантич",
              "anlamsal",
              "ngữ nghĩa",
              "语义错误",
              "語義錯誤",
              "意味エラー",
              "의미 오류",
              "دلالية",
              "معنایی"),
          // a server that cannot meet the request's expectations (HTTP 417), in the apps'
          // languages ("the server cannot meet your expectations", "der Server kann Ihre
          // Erwartungen nicht erfüllen", "服务器无法满足您的期望值")
          Clause.of(
              SERVER_NAMED
                  + "[^\\n]{0,15}?(?:(?:cannot|unable to) meet (?:your|the) expectations?"
                  + "|kann ihre erwartungen nicht erfüllen"
                  + "|kan niet voldoen aan uw verwachtingen"
                  + "|no puede cumplir con sus expectativas"
                  + "|ne peut pas satisfaire vos attentes"
                  + "|não pode atender (?:às|as) suas expectativas"
                  + "|non può soddisfare le (?:tue|sue) aspettative"
                  + "|nie może spełnić (?:twoich|pana|pani) oczekiwań"
                  + "|не может удовлетворить ваше ожидание"
                  + "|не може да отговори на очакванията"
                  + "|beklentilerinizi karşılayamıyor"
                  + "|không thể đáp ứng giá trị kỳ vọng"
                  + "|无法满足您的期望值"
                  + "|あなたの期待に応えることができません"
                  + "|귀하의 기대에 부응할 수 없"
                  + "|تلبية قيم توقعاتك"
                  + "|نمی‌?تواند انتظارات شما را برآورده"
                  + ")"
                  + "|expectation failed"
                  + "|無法滿足您的期望值",
              "expectation",
              "erwartungen",
              "verwachtingen",
              "expectativas",
              "attentes",
              "aspettative",
              "oczekiwań",
              "ожидани",
              "очакванията",
              "beklenti",
              "kỳ vọng",
              "期望值",
              "期待に応え",
              "기대에 부응",
              "توقعاتك",
              "انتظارات"),
          // a requested range the server cannot satisfy (HTTP 416), in the apps' languages
          // ("cannot satisfy the range of your request", "no puede satisfacer el rango de su
          // solicitud", "无法满足您请求的范围")
          Clause.of(
              SERVER_NAMED
                  + "[^\\n]{0,25}?(?:(?:cannot|unable to) satisfy the (?:requested )?range"
                  + "|kann ihren anforderungen nicht entsprechen"
                  + "|satisfacer el rango"
                  + "|satisfaire la plage"
                  + "|voldoen aan het bereik"
                  + "|zrealizować zakresu żądania"
                  + "|atender (?:à|a) faixa solicitada"
                  + "|удовлетворить запрошенный диапазон"
                  + "|удовлетвори обхвата на"
                  + "|aralığını karşılayamıyor"
                  + "|đáp ứng phạm vi yêu cầu"
                  + "|满足(?:您|你)?(?:请求|請求)的范围"
                  + "|範囲を満たすことができ"
                  + "|범위를 충족"
                  + "|تلبية نطاق الطلب"
                  + "|محدوده درخواست[^\\n]{0,10}?برآورده"
                  + ")"
                  + "|(?:requested )?range not satisfiable"
                  + "|滿足(?:您|你)?請求的範圍",
              "range",
              "anforderungen nicht entsprechen",
              "rango",
              "plage",
              "bereik",
              "zakresu",
              "faixa",
              "диапазон",
              "обхвата",
              "aralığını",
              "phạm vi",
              "范围",
              "範圍",
              "範囲",
              "범위",
              "نطاق",
              "محدوده"),
          // a media format attached to the request the server cannot process (HTTP 415), in the
          // apps' languages ("cannot process the media format attached to the request", "das
          // angeforderte Medienformat nicht verarbeiten", "معالجة تنسيق الوسائط")
          Clause.of(
              "(?:cannot|unable to|could not) process the media (?:format|type)"
                  + "|media (?:format|type) (?:is )?not supported"
                  + "|unsupported media (?:format|type)"
                  + "|medienformat[^\\n]{0,10}? nicht (?:verarbeiten|unterstützt)"
                  + "|ne peut pas traiter le format de média"
                  + "|media-indeling[^\\n]{0,5}? niet (?:verwerken|ondersteund)"
                  + "|nie może przetworzyć żądanej formatki mediów"
                  + "|format(?:ki|u) mediów[^\\n]{0,10}? nie jest obsługiwany"
                  + "|medya formatını işleyemiyor"
                  + "|معالجة تنسيق الوسائط"
                  + "|не може да обработи медийния формат"
                  + "|no puede procesar el formato de medios"
                  + "|não pode processar o formato de mídia"
                  + "|non può elaborare il formato (?:multimediale|dei media)"
                  + "|обработать[^\\n]{0,15}?формат медиа"
                  + "|メディア形式を処理できません"
                  + "|미디어 형식을 처리할 수 없"
                  + "|không thể xử lý định dạng phương tiện"
                  + "|处理[^\\n]{0,8}?媒体格式"
                  + "|處理[^\\n]{0,8}?媒體格式"
                  + "|فرمت رسانه‌?ای[^\\n]{0,20}?پردازش کند",
              "media",
              "medienformat",
              "format de média",
              "mediów",
              "medya format",
              "تنسيق الوسائط",
              "медийния формат",
              "formato",
              "формат медиа",
              "メディア形式",
              "미디어 형식",
              "định dạng phương tiện",
              "媒体格式",
              "媒體格式",
              "فرمت رسانه"),
          // a request that does not meet the server's conditions (HTTP 412), in the apps'
          // languages ("your request does not meet the server's conditions", "Ihre Anfrage erfüllt
          // die Bedingungen auf Serverseite nicht", "您的请求未满足服务器端的条件")
          Clause.of(
              "(?:does not|did not) meet the server'?s? (?:side )?conditions"
                  + "|erfüllt die bedingungen (?:auf serverseite|des servers) nicht"
                  + "|voldoet niet aan de voorwaarden van de server"
                  + "|no cumple (?:con )?las condiciones del servidor"
                  + "|ne remplit pas les conditions (?:requises )?(?:par|du) (?:le )?serveur"
                  + "|não atende (?:às|as) condições do servidor"
                  + "|non soddisfa le condizioni del server"
                  + "|nie spełnia warunków serwera"
                  + "|не соответствует условиям (?:на стороне )?сервера"
                  + "|не отговаря на условията на сървъра"
                  + "|sunucu tarafındaki koşulları karşılamıyor"
                  + "|không đáp ứng điều kiện của máy chủ"
                  + "|未满足服务器端的条件"
                  + "|未滿足伺服器端的條件"
                  + "|サーバー側の条件を満たさない"
                  + "|서버 측 조건을 충족"
                  + "|شروط الخادم"
                  + "|شرایط سرور را برآورده نمی",
              "conditions",
              "bedingungen",
              "voorwaarden",
              "condiciones",
              "condições",
              "condizioni",
              "warunków",
              "условиям",
              "условията",
              "koşulları",
              "điều kiện",
              "条件",
              "條件",
              "조건",
              "شروط الخادم",
              "شرایط سرور"),
          // a request without a valid content length (HTTP 411), in the apps' languages ("without
          // a valid content length", "ohne gültige Inhaltslänge", "不含有效内容长度的请求")
          Clause.of(
              "(?:without|missing|no) (?:a )?valid content[- ]length"
                  + "|content[- ]length (?:header )?(?:is )?(?:required|missing)"
                  + "|ohne (?:eine )?gültige inhaltslänge"
                  + "|zonder geldige inhoudslengte"
                  + "|(?:sin|no incluye) una longitud de contenido válida"
                  + "|longitud de contenido válida"
                  + "|sans (?:une )?longueur de contenu valide"
                  + "|sem (?:um )?(?:tamanho|comprimento) de conteúdo válido"
                  + "|senza (?:una )?lunghezza del contenuto valida"
                  + "|(?:nie zawiera|bez) poprawnej długości treści"
                  + "|без (?:указания )?(?:длины допустимого содержимого|допустимой длины содержимого|длины содержимого)"
                  + "|без валидна дължина на съдържанието"
                  + "|geçerli içerik uzunluğu (?:olmayan|içermeyen)"
                  + "|không chứa độ dài nội dung hợp lệ"
                  + "|不含有效(?:内容|內容)长度"
                  + "|不含有效(?:内容|內容)長度"
                  + "|有効なコンテンツ長"
                  + "|유효한 콘텐츠 길이를 포함하지 않"
                  + "|لا يحتوي على طول محتوى صالح"
                  + "|بدون طول محتوای معتبر",
              "content",
              "inhaltslänge",
              "inhoudslengte",
              "longitud de contenido",
              "longueur de contenu",
              "de conteúdo válido",
              "lunghezza del contenuto",
              "długości treści",
              "длины",
              "дължина на съдържанието",
              "içerik uzunluğu",
              "độ dài nội dung",
              "有效",
              "コンテンツ長",
              "콘텐츠 길이",
              "طول محتوى",
              "طول محتوای"),
          // a request the server cannot complete for the characteristics of the content asked for
          // (HTTP 406), in the apps' languages ("based on the characteristics of the content you
          // requested", "aufgrund der Eigenschaften des angeforderten Inhalts", "内容特性完成请求")
          Clause.of(
              "characteristics of the (?:content|resource) (?:you )?requested"
                  + "|(?:requested|request(?:ed)?'s) content characteristics"
                  + "|characteristics of the content"
                  + "|eigenschaften des angeforderten inhalts"
                  + "|kenmerken van de (?:door u )?aangevraagde inhoud"
                  + "|características (?:de|del) contenido"
                  + "|características do conteúdo"
                  + "|caractéristiques (?:de|du) contenu"
                  + "|caratteristiche del contenuto"
                  + "|żądanymi właściwościami (?:zasobu|treści)"
                  + "|характеристиками запрошенного (?:контента|содержимого|ресурса)"
                  + "|характеристиките на поисканото"
                  + "|içerik özelliklerine göre"
                  + "|đặc tính nội dung"
                  + "|(?:请求|請求)的内容特性"
                  + "|(?:请求|請求)的內容特性"
                  + "|コンテンツの特性"
                  + "|콘텐츠 특성"
                  + "|لخصائص المحتوى"
                  + "|خصائص المحتوى (?:الذي|التي|المطلوب)"
                  + "|ویژگی‌?های محتوای درخواست",
              "characteristics",
              "angeforderten inhalts",
              "aangevraagde inhoud",
              "características",
              "caractéristiques",
              "caratteristiche",
              "właściwościami",
              "характеристиками",
              "характеристиките",
              "içerik özellik",
              "đặc tính nội dung",
              "内容特性",
              "內容特性",
              "コンテンツの特性",
              "콘텐츠 특성",
              "خصائص المحتوى",
              "محتوای درخواست"),
          // a request method the server does not support (HTTP 405), in the apps' languages
          // ("unterstützt die von Ihnen verwendete Anfragemethode nicht", "non supporta il metodo
          // di richiesta", "не поддържа метода на заявка")
          Clause.of(
              "does not support the (?:request|http) method"
                  + "|(?:request|http) method (?:is )?not (?:supported|allowed)"
                  + "|(?:unterstützt|akzeptiert)[^\\n]{0,30}?(?:anfrage|anforderungs|http-)methode[^\\n]{0,5}? nicht"
                  + "|(?:anfrage|anforderungs)methode[^\\n]{0,10}?(?:wird )?nicht (?:unterstützt|erlaubt|zulässig)"
                  + "|non supporta il metodo (?:di richiesta|http)"
                  + "|metodo (?:di richiesta|http) non (?:supportato|consentito)"
                  + "|ondersteunt de [^\\n]{0,15}?(?:verzoek|aanvraag|http-)methode niet"
                  + "|(?:verzoek|aanvraag)methode (?:wordt )?niet (?:ondersteund|toegestaan)"
                  + "|не поддържа метода на заявка"
                  + "|не поддерживает (?:используемый (?:вами )?)?(?:http-)?метод запроса"
                  + "|no (?:admite|soporta) el método (?:de solicitud|http)"
                  + "|ne prend pas en charge la méthode (?:de requête|http)"
                  + "|não suporta o método (?:de solicitação|de requisição|http)"
                  + "|nie obsługuje (?:używanej )?metody żądania"
                  + "|istek yöntemini desteklemiyor"
                  + "|không hỗ trợ phương thức yêu cầu"
                  + "|不支(?:持|援)[^\\n]{0,8}?(?:请求|請求)方法"
                  + "|リクエストメソッドをサポートしていません"
                  + "|요청 메서드를 지원하지 않"
                  + "|لا يدعم طريقة الطلب"
                  + "|روش درخواست[^\\n]{0,10}?پشتیبانی نمی‌?کند",
              "support the",
              "method",
              "metodo",
              "метода на заявка",
              "метод запроса",
              "método",
              "méthode",
              "metody żądania",
              "istek yöntem",
              "phương thức yêu cầu",
              "方法",
              "リクエストメソッド",
              "요청 메서드",
              "طريقة الطلب",
              "روش درخواست"),
          // the server not understanding the request (HTTP 400), in the apps' languages ("de
          // server begrijpt uw verzoek niet", "serwer nie rozumie Twojego żądania", "الخادم غير
          // قادر على فهم طلبك")
          Clause.of(
              SERVER_NAMED
                  + "[^\\n]{0,15}?(?:(?:does not|did not|could not|cannot|unable to) understand (?:the|your|this) request"
                  + "|versteht (?:ihre|deine|die) anfrage nicht"
                  + "|begrijpt (?:uw|je|het) verzoek niet"
                  + "|nie rozumie (?:twojego |tego |pana |pani )?żądania"
                  + "|no (?:comprende|entiende) (?:su|tu|la) solicitud"
                  + "|ne comprend pas (?:votre|ta|la) (?:demande|requête)"
                  + "|non comprende (?:la tua |la sua |la )richiesta"
                  + "|não (?:entendeu|entende|compreende|compreendeu) (?:a sua|sua|a) (?:solicitação|requisição)"
                  + "|не понимает (?:ваш|твой|этот) запрос"
                  + "|не разбира (?:заявката|вашата заявка)"
                  + "|isteğinizi anlama(?:dı|yor|mıyor)"
                  + "|không hiểu yêu cầu"
                  + "|(?:不明白|无法理解|無法理解|不理解)(?:您|你)?的?(?:请求|請求)"
                  + "|リクエストを理解でき"
                  + "|요청을 이해하지 못"
                  + "|على فهم (?:طلبك|الطلب)"
                  + "|درخواست (?:شما )?را متوجه نشد"
                  + ")",
              "understand",
              "versteht",
              "begrijpt",
              "rozumie",
              "comprende",
              "entiende",
              "comprend pas",
              "entend",
              "compreend",
              "не понимает",
              "не разбира",
              "isteğinizi anla",
              "không hiểu yêu cầu",
              "明白",
              "理解",
              "이해하지 못",
              "على فهم",
              "متوجه نشد"),
          // a value that cannot be left empty, a model name not specified, in Japanese, Korean,
          // Portuguese, Vietnamese and Persian ("モデル名は空にできません", "모델 이름은 비워둘 수 없습니다", "o nome do
          // modelo não pode ficar vazio")
          Clause.of(
              "空にできません|비워둘 수 없|không được để trống|não pode (?:estar|ficar) vazi[oa]|نمی‌?تواند خالی باشد|(?:モデル名|모델 이름|نام مدل)[^\\n]{0,5}?(?:が指定されていません|이 지정되지 않았|مشخص نشده)",
              "空にできません",
              "비워둘 수 없",
              "để trống",
              "vazi",
              "خالی",
              "モデル名",
              "모델 이름",
              "نام مدل"),
          // an ID or a request named invalid, in Chinese, Japanese, Korean, Russian and Portuguese
          // ("無效的管道 Id", "잘못된 채널 ID", "Недопустимый запрос, невозможно разобрать модель")
          Clause.of(
              "(?:無效的|无效的|無効な)[^\\x00-\\x7f]{1,8} ?id(?![a-z])|잘못된 [가-힣]{1,6} ?id(?![a-z])|недопустим(?:ый|ое|ая|ые) (?:запрос|id)|\\bid d[eo] [a-z]+ inv[aá]lido\\b",
              "id",
              "недопустим"),
          // a capability that supports this file type not enabled, in Arabic, Czech, Spanish and
          // Chinese ("لا توجد قدرات مفعّلة تدعم هذا النوع من الملفات", "Nejsou povoleny žádné
          // funkce podporující tento typ souboru", "未启用支持此类文件的功能")
          Clause.of(
              "(?:تدعم|يدعم)[^\\n]{0,10}?هذا النوع من الملفات"
                  + "|podporuj[a-záíě]*[^\\n]{0,10}?tento typ souboru"
                  + "|(?:admit|soport)[a-z]*[^\\n]{0,10}?este tipo de archivo"
                  + "|支持此类文件"
                  + "|ཡིག་ཆར་རྒྱབ་སྐྱོར་བྱེད་པའི་ནུས་པ",
              "هذا النوع من الملفات",
              "tento typ souboru",
              "este tipo de archivo",
              "支持此类文件",
              "ཡིག་ཆར་རྒྱབ་སྐྱོར"),
          // built-in tools not supported together with external tools, in the apps' languages
          // ("Die integrierten Google-Tools können nicht zusammen mit externen Tools verwendet
          // werden", "Bruk av innebygde Google-verktøy støttes ikke sammen med eksterne verktøy",
          // "内置的 Google 工具与外部工具不兼容")
          Clause.of(
              "integrierten[^\\n]{0,30}?tools[^\\n]{0,30}?nicht zusammen mit externen tools"
                  + "|innebygd[a-z]*[^\\n]{0,30}?verktøy[^\\n]{0,40}?eksterne verktøy"
                  + "|innbyggð[^\\n]{0,30}?verkfær[^\\n]{0,30}?ytri verkfær"
                  + "|outils intégrés[^\\n]{0,40}?outils externes[^\\n]{0,20}?pas prise? en charge"
                  + "|integruotų[^\\n]{0,30}?įrankių[^\\n]{0,40}?išoriniais įrankiais nepalaikomas"
                  + "|iebūvēto[^\\n]{0,30}?rīku[^\\n]{0,30}?netiek atbalstīta ar ārējiem rīkiem"
                  + "|yerleşik[^\\n]{0,30}?araçların[^\\n]{0,30}?harici araçlarla desteklenmez"
                  + "|外部ツール[^\\n]{0,20}?組み込みツール[^\\n]{0,20}?サポートされていません"
                  + "|内置的?[^\\n]{0,20}?工具与外部工具不兼容"
                  + "|ལག་ཆ་དང་ཕྱི་ཕྱོགས་ཀྱི་ལག་ཆ་ཕན་ཚུན་མི་འཚམ",
              "externen tools",
              "eksterne verktøy",
              "ytri verkfær",
              "outils externes",
              "išoriniais įrankiais",
              "ārējiem rīkiem",
              "harici araçlarla",
              "外部ツール",
              "外部工具",
              "ཕྱི་ཕྱོགས"),
          // a provider not available for agents, in the apps' languages ("Der Anbieter \"bedrock\"
          // steht für die Verwendung mit Agents nicht zur Verfügung", "Leverandøren \"bedrock\" er
          // ikke tilgjengelig for bruk med agenter", "\"bedrock\" sağlayıcısı Ajanlarla
          // kullanılamaz")
          Clause.of(
              "\\bprovider\\b[^\\n]{0,40}?\\bnot available for (?:use with )?agents\\b"
                  + "|proveïdor[^\\n]{0,40}?no està disponible per a agents"
                  + "|udbyder[^\\n]{0,40}?ikke tilgængelig for brug med agenter"
                  + "|anbieter[^\\n]{0,40}?verwendung mit agents nicht zur verfügung"
                  + "|proveedor[^\\n]{0,40}?no está disponible para el uso con agentes"
                  + "|fornecedor[^\\n]{0,40}?não está disponível para uso com agentes"
                  + "|teenusepakkuja ei toeta agentide"
                  + "|ارائه‌دهنده[^\\n]{0,40}?با نمایندگان در دسترس نیست"
                  + "|אינם זמינים לשימוש עם סוכנים"
                  + "|szolgáltató nem érhető el az ügynökökkel"
                  + "|þjónustuveitan[^\\n]{0,20}?styður ekki fulltrúa"
                  + "|non è disponibile per l'uso con gli agenti"
                  + "|プロバイダー?はエージェントでは使用できません"
                  + "|제공자는 에이전트와 함께 사용할 수 없"
                  + "|tiekėjas nepasiekiamas naudojimui su agentais"
                  + "|pakalpojumu sniedzējs nav pieejams lietošanai ar aģentiem"
                  + "|leverandøren[^\\n]{0,30}?(?:ikke tilgjengelig|ikkje tilgjengeleg) for bruk med agent"
                  + "|провайдер[^\\n]{0,20}?недоступ[а-яіїє]{0,3} для использования с агентами"
                  + "|провайдер[^\\n]{0,20}?недоступ[а-яіїє]{0,3} для використання з агентами"
                  + "|sağlayıcısı ajanlarla kullanılamaz"
                  + "|提供商[^\\n]{0,20}?不适用于智能体"
                  + "|མཁོ་སྤྲོད་པ་[^\\n]{0,40}?རིག་ནུས་ལུས་མི་འཚམ",
              "agent",
              "ügynök",
              "fulltrúa",
              "סוכנים",
              "نمایندگان",
              "エージェント",
              "에이전트",
              "aģent",
              "агент",
              "ajanlar",
              "智能体",
              "རིག་ནུས་ལུས"),
          // no model selected, in the apps' languages ("No model selected for OpenAI", "Kein
          // Modell für OpenAI ausgewählt", "Ingen modell valgt for OpenAI")
          Clause.of(
              "\\bno model (?:was |is )?selected\\b"
                  + "|\\bmodel (?:is |was )?not selected\\b"
                  + "|kein modell[^\\n]{0,30}?ausgewählt"
                  + "|aucun mod[eè]le[^\\n]{0,40}?s[ée]lectionn"
                  + "|(?:nessun|nenhum|ningún) modelo? selec?[cz]ionad?[oa]"
                  + "|nessun modello selezionato"
                  + "|ingen modell (?:valgt|vald)"
                  + "|ekkert líkan valið"
                  + "|nepasirinktas modelis"
                  + "|nav izvēlēts neviens modelis"
                  + "|модель[^\\n]{0,20}?не выбрана"
                  + "|не вибрано модель"
                  + "|model seçilmedi"
                  + "|モデルが選択されていません"
                  + "|모델이 선택되지 않았"
                  + "|未选择[^\\n]{0,20}?模型"
                  + "|未選擇[^\\n]{0,20}?模型"
                  + "|לא נבחר מודל"
                  + "|هیچ مدلی[^\\n]{0,30}?انتخاب نشده",
              "model",
              "modèle",
              "líkan",
              "модель",
              "モデル",
              "모델",
              "模型",
              "מודל",
              "مدل"),
          // empty files named not allowed, in the apps' languages ("Leere Dateien sind nicht
          // zulässig", "Tomme filer er ikke tilladt", "Пустые файлы не допускаются")
          Clause.of(
              "\\bempty files? (?:are|is) not (?:allowed|permitted|accepted)\\b"
                  + "|leeren? dateien?[^\\n]{0,20}?nicht (?:zulässig|erlaubt)"
                  + "|lege bestand(?:en)?[^\\n]{0,20}?niet toegestaan"
                  + "|tomm[ea] filer? (?:er|är) (?:ikke|ikkje|inte) till"
                  + "|fichiers? vides?[^\\n]{0,20}?(?:pas autorisés?|pas acceptés?|pas permis)"
                  + "|no (?:se |es )?perm[ei]t[ea]n (?:fitxers|archivos|ficheros) (?:buits|vacíos)"
                  + "|(?:ficheiros|arquivos) vazios não são permitidos"
                  + "|file vuoti non sono (?:consentiti|ammessi)"
                  + "|prázdné soubory nejsou povoleny"
                  + "|puste pliki nie są dozwolone"
                  + "|tühjad failid pole lubatud"
                  + "|üres fájlok nem engedélyezettek"
                  + "|tómar skrár eru ekki leyfðar"
                  + "|tušti failai neleidžiami"
                  + "|tukši faili nav atļauti"
                  + "|пустые файлы не допускаются"
                  + "|порожні файли не дозволя"
                  + "|boş dosyalara izin verilmez"
                  + "|空のファイルはアップロードできません"
                  + "|빈 파일은 허용되지 않"
                  + "|ไม่อนุญาตให้ใช้ไฟล์ว่าง"
                  + "|אין אפשרות לקבצים ריקים"
                  + "|فایل های خالی مجاز نیست"
                  + "|الملفات الفارغة غير مسموح"
                  + "|不允[许許](?:上[传傳])?空(?:白)?(?:文件|檔案)"
                  + "|སྟོང་པའི་ཡིག་ཆ་སྤྲད་མི་ཆོག",
              "empty",
              "leer",
              "lege",
              "tomm",
              "vide",
              "buits",
              "vacíos",
              "vazios",
              "vuoti",
              "prázdné",
              "puste",
              "tühjad",
              "üres",
              "tómar",
              "tušti",
              "tukši",
              "пустые",
              "порожні",
              "boş",
              "空",
              "빈 파일",
              "ว่าง",
              "ריקים",
              "خالی",
              "الفارغة",
              "སྟོང་པའི"),
          // a base address not found, in Estonian, Icelandic and Arabic ("Baasaadressi ei leitud",
          // "Engin vefslóð (e. Base URL) fannst", "لم يتم العثور على رابط أساسي")
          Clause.of(
              "baasaadress[^\\n]{0,10}?ei leitud|engin vefslóð[^\\n]{0,30}?fannst|العثور على (?:رابط|عنوان) أساسي",
              "baasaadress",
              "vefslóð",
              "أساسي"),
          // a base URL not found or missing, in the apps' languages ("No base URL found", "Keine
          // Basis-URL gefunden", "Базовый URL не найден")
          Clause.of(
              "\\bno base[ -]?url\\b"
                  + "|\\bmissing base[ -]?url\\b"
                  + "|\\bbase[ -]?url (?:was |is )?(?:not (?:found|set|provided|configured|specified)|missing|required)\\b"
                  + "|\\bbase[ -]?url puuttuu"
                  + "|keine basis-?url"
                  + "|basis-?url[^\\n]{0,10}?(?:nicht gefunden|fehlt)"
                  + "|ingen bas(?:e)?-?url"
                  + "|aucune url de base"
                  + "|url de base[^\\n]{0,20}?(?:introuvable|manquante|non trouvée)"
                  + "|(?:nenhuma|nessun|ninguna|cap) url base"
                  + "|no se encontr[oó] (?:la |una |ninguna )?url base"
                  + "|url base (?:no encontrada|não encontrada|non trovat[ao]|no trobada)"
                  + "|základní url[^\\n]{0,20}?(?:nenalezen|nebyla nalezena)"
                  + "|(?:nebyla nalezena|nenalezena) základní url"
                  + "|alap url[^\\n]{0,10}?nem található"
                  + "|nem található alap url"
                  + "|pagrindinis url[^\\n]{0,10}?nerastas"
                  + "|nerastas pagrindinis url"
                  + "|nav atrasts bāzes url"
                  + "|bāzes url[^\\n]{0,10}?nav atrasts"
                  + "|nie znaleziono (?:podstawowego|bazowego) (?:url|adresu)"
                  + "|базов[а-яіїє]{0,3} url[^\\n]{0,10}?не (?:найден|знайден)"
                  + "|temel url[^\\n]{0,5}?bulunamad"
                  + "|ベース ?url[^\\n]{0,5}?見つかりません"
                  + "|기본 url[^\\n]{0,3}?(?:없습니다|찾을 수 없)"
                  + "|(?:未找到|找不到|没有找到)基[础礎] ?url"
                  + "|ไม่พบ ?url ?พื้นฐาน"
                  + "|url پایه[^\\n]{0,10}?پیدا نشد"
                  + "|לא נמצאה כתובת url"
                  + "|གཞི་རིམ་གྱི་ url མ་རྙེད",
              "url"),
          // a file that must follow a format or is not in a valid one, a custom validator's verdict
          // (fine-tuning data: "Input data at … must follow '{\"prompt\": …}' format", "Your file
          // `train.txt` does not appear to be in valid TXT format", "Invalid file format. Example
          // 6174 message contains an invalid token", Pydantic's "Value error, Suspicious file
          // attributes detected")
          Clause.of(
              "\\bmust follow\\b[^\\n]{0,80}?\\bformat\\b|\\b(?:is not|does not appear to be) in"
                  + " (?:a )?valid [a-z]+ format\\b|\\bvalue error, |\\binvalid file format\\b",
              "must follow",
              "valid",
              "value error, "),
          // an API domain named invalid, in Chinese ("API 域名无效")
          Clause.literals("域名无效"),
          // a client message the server could not parse against its spec (Deepgram's
          // UNPARSABLE_CLIENT_MESSAGE: "Error parsing client message. Check the greeting field
          // against the API spec"), a tag missing from a labelling config ("No control tag of type
          // TextArea … found in label config")
          Clause.literals(
              "unparsable_client_message",
              "parsing client message",
              "against the api spec",
              "found in label config"),
          // a parameter of any kind named invalid ("Received invalid creationParameter for
          // channel")
          Clause.of("\\binvalid [a-z]*parameters?\\b", "parameter"),
          // properties a schema requires (Workers AI's "required properties at '/' are 'contexts'")
          Clause.literals("required properties"),
          // the same language given as source and target, messages in the wrong format or order, a
          // JSON structure sent that is not valid, in Japanese, Arabic, Ukrainian and Persian
          // ("翻訳元と翻訳先に同じ言語が指定 されています", "تنسيق الرسائل غير صحيح", "невірний порядок повідомлень",
          // "ساختار JSON ارسال‌شده")
          Clause.literals("同じ言語が指定", "تنسيق الرسائل", "невірний порядок", "ساختار json"),
          // a field named required or a value out of its bounds, in the apps' languages ("El campo
          // prompt es obligatorio", "O campo temperatura deve estar entre 0 e 2", "Stellen Sie
          // sicher, dass dieser Wert kleiner oder gleich 4096 ist", "Wählen Sie eine gültige
          // Option", "حقل الموجه مطلوب", "الطلب غير صالح", "نقش پیام نامعتبر است", "Giá trị 'gpt4o'
          // không hợp lệ", "バリデーションに失敗しました", "В шаблоне промпта не задана переменная")
          Clause.literals(
              "es obligatorio",
              "é obrigatório",
              "est obligatoire",
              "ist erforderlich",
              "no debe ser mayor que",
              "deve estar entre",
              "kleiner oder gleich",
              "gültige option",
              "a validação falhou",
              "se esperaba",
              "غير صالح",
              "مطلوب.",
              "نامعتبر است",
              "không hợp lệ",
              "バリデーションに失敗",
              "構文エラー",
              "文字以内で入力",
              "не задана переменная",
              "bilinmeyen model sağlayıcısı",
              "值が指定されていません",
              "값이 지정되지 않았"),
          // a value outside the range or the set the API supports ("the supported range is from 1
          // to 41", "Supported sizes are 1024x1024, …", zod's "Invalid option: expected one of"),
          // an argument the client must give ("Must provide one of the `base_url` or
          // `azure_endpoint` arguments"), two options that cannot go together ("can't use both
          // Content and MultiContent"), a type the compiler or the runtime refuses ("is not
          // assignable to type", Ruby's "missing keyword: :parameters"), a header value a client
          // refuses ("is an invalid header value")
          Clause.literals(
              "supported range",
              "supported sizes",
              "invalid option",
              "must provide one of",
              "cannot use both",
              "is not assignable to type",
              "missing keyword:",
              "invalid header value"),
          // a prompt template's variables missing or undefined, its syntax broken (LangChain's
          // "Input to ChatPromptTemplate is missing variables", Haystack's "Missing mandatory input
          // variables in PromptBuilder", jinja2's UndefinedError and TemplateSyntaxError, Liquid,
          // Handlebars, Mustache, Go's text/template)
          Clause.of(
              "\\b(?:missing|requires?|required)\\b[^\\n]{0,40}?\\b(?:input )?variables?\\b|\\binput variables?\\b|\\btemplate ?(?:syntax|render) ?error|\\btemplatesyntaxerror\\b|\\bundefinederror\\b|\\bliquid syntax error\\b|\\bmissing helper\\b|\\bunclosed section\\b|\\bcannot evaluate field\\b|\\bprompt type mismatch\\b",
              "variable",
              "template",
              "undefinederror",
              "liquid",
              "missing helper",
              "unclosed section",
              "evaluate field",
              "prompt type"),
          // a message of a type the model's adapter does not know, a prompt that could not be
          // built, an invalid Content-Length, a key for one provider sent with a request for
          // another ("Unknown message type <class '…ToolPromptMessage'>", "Failed to build prompt",
          // "Provider key is for 'azure_openai' but request specifies 'openai'"), an invalid
          // request in Persian ("درخواست نامعتبر")
          Clause.literals(
              "unknown message type",
              "failed to build prompt",
              "invalid content-length",
              "but request specifies",
              "but the request specifies",
              "درخواست نامعتبر"),
          // a batch named over its maximum size ("input batch size 473 > maximum allowed batch size
          // 64"), a SQL name the engine does not know ("Unrecognized name: gemini; failed to set
          // 'endpoint'"), a value too long for its column ("value too long for type character
          // varying(1000)")
          Clause.of(
              "\\bbatch size\\b[^\\n]{0,40}?(?:>|\\bexceed|\\blarger than|\\bgreater than|\\bmax(?:imum)?\\b)|\\bunrecognized name:|\\bvalue too long for type\\b",
              "batch size",
              "unrecognized name",
              "value too long"),
          // a parameter's value named deprecated, with the value to use instead ('target_lang="EN"
          // is deprecated, please use "EN-GB" or "EN-US" instead'), a request a client could not
          // build (reqwest's "builder error: …"; its "relative URL without a base" is
          // URL_UNUSABLE_WORDING, read first), a value named invalid
          // with its bound ("batch size is invalid, it should not be larger than 10"), a model the
          // hosted API will not load ("The model bigcode/starcoder is too large to be loaded
          // automatically")
          Clause.of(
              "\\b[a-z_]+\\s*=\\s*\"?[\\w.-]{1,40}\"? is deprecated\\b"
                  + "|\\b(?:size|value|parameter|argument|field|format|number|count)\\s+is\\s+invalid\\b"
                  + "|\\bshould not be (?:larger|greater|bigger|more) than\\b",
              "is deprecated",
              "is invalid",
              "should not be"),
          Clause.literals("builder error", "too large to be loaded automatically"),
          // a request refused for what it holds, in Chinese, Japanese, Korean, Spanish, Portuguese,
          // Russian, German, French and Turkish: a feature the model does not support, messages
          // that must alternate or may not be empty, arguments that are not valid JSON, a value or
          // a URL named invalid ("このモデルはツール（関数呼び出し）に 対応していません", "Los mensajes deben alternar entre
          // user y assistant", "Der Nachrichteninhalt darf nicht leer sein")
          Clause.literals(
              "必须为奇数",
              "交替出现",
              "连续两条",
              "只能出现在",
              "に対応していません",
              "が不正",
              "空にすることはできません",
              "が無効です",
              "json ではありません",
              "使用できない文字",
              "유효하지 않습니다",
              "지원하지 않습니다",
              "번갈아",
              "비어 있을 수 없습니다",
              "포함되어야 합니다",
              "이상이어야",
              "올바르지 않습니다",
              "no es válido",
              "no es válida",
              "non è valido",
              "non è valida",
              "deben alternar",
              "no puede estar vacío",
              "no son un json válido",
              "requiere que",
              "não aceita",
              "precisa ter",
              "não pode estar vazio",
              "inválida",
              "não são um json válido",
              "não são suportadas",
              "exige que",
              "не может быть пустым",
              "должны чередоваться",
              "не являются валидным",
              "должно быть больше",
              "значение должно быть",
              "unterstützt keine",
              "darf nicht leer sein",
              "ungültige rolle",
              "ist ungültig",
              "ne prend pas en charge",
              "ne peut pas être vide",
              "invalide",
              "desteklemiyor",
              "ayrıştırılamadı",
              "geçersiz"),
          // a model that does not support tools, images or system messages, a schema wrong, a
          // required argument missing, in the apps' and the providers' translations
          Clause.literals(
              "필수 인자",
              "허용 범위를 벗어",
              "schema错误",
              "no admite",
              "non è supportato",
              "tidak mendukung",
              "không hỗ trợ",
              "não suporta",
              "не підтримує",
              "لا يدعم",
              "不支援",
              "サポートしていません"),
          // a tool named not found by an agent or an MCP server ("Tool with name lookup_invoice not
          // found", "MCP error -32602: Tool read_fiel not found")
          Clause.literals(
              "tool with name", "mcp error -32602", "tool choice", "not found in tools"),
          // …a file type or an image format not supported, in Swedish, English, Vietnamese, Czech,
          // Greek, Hebrew, Persian, Arabic, Hindi, Thai and Chinese
          Clause.literals(
              "stöds inte",
              "cannot process this type of file",
              "không thể xử lý loại tệp",
              "není podporován",
              "δεν υποστηρίζεται",
              "אינו נתמך",
              "پشتیبانی نمی‌شود",
              "غير متوافق",
              "समर्थित नहीं",
              "ไม่รองรับ",
              "要求無效"),
          // a file type or a format not supported, in the consumer apps' translations
          Clause.literals(
              "no compatible",
              "n'est pas pris en charge",
              "nicht unterstützt",
              "non supportato",
              "niet ondersteund",
              "nieprawidłowy format",
              "desteklenmiyor"),
          // a feature or a message kind not supported, in Russian, Polish, Czech and Korean ("Эта
          // модель не поддерживает вызов функций", "nie obsługuje wiadomości systemowych", "시스템
          // 프롬프트는 이 모델에서 지원되지 않습니다")
          Clause.literals("не поддерживает", "nie obsługuje", "nepodporuje", "지원되지 않"),
          // anything named not supported, a count allowed at most, a schema's keyword, a field, in
          // terse lines ("n > 1 not supported", "stop: at most 4 sequences allowed", "'strict'
          // requires additionalProperties: false", "tool_calls 缺少 id 字段")
          Clause.literals(
              "not supported",
              "at most",
              "additionalproperties",
              "字段",
              "not provided",
              "check your configuration",
              // a field named illegal, a URL invalid, a message out of its place ("\"messages\" in
              // request are illegal", "Ollama provider error: Invalid URL", "System message should
              // be the first one")
              "illegal",
              "invalid url",
              "should be the first",
              "must be the first"),
          // a value the request must or may not hold, a media file not readable, a conversation
          // still answering, in English, Chinese, Japanese, Spanish, German, French and Portuguese
          // ("You must provide n=1 for this model", "Invalid aspect ratio", "Conversation already
          // has an active response in progress", "Transcoding failed", "Invalid data found when
          // processing input", "超出范围", "入力が空です", "línea JSON mal formada", "Ungültiger Wert
          // für 'quality'", "überschreitet das Maximum", "non pris en charge", "não é suportada")
          Clause.literals(
              "you must provide",
              "invalid aspect ratio",
              "active response in progress",
              "transcoding failed",
              "invalid data found",
              "invalid id",
              "超出范围",
              "が空です",
              "mal formada",
              "ungültiger wert",
              "überschreitet das maximum",
              "non pris en charge",
              "não é suportad"),
          // a kind of request an API does not take ("Multi Agent requests are not allowed on chat
          // completions")
          Clause.of(
              "\\b(?:are|is) not (?:allowed|permitted|supported) (?:on|with|by) (?:the )?(?:chat "
                  + "completions|completions|responses|this endpoint|this api)\\b",
              "not "),
          // a constraint named by what alone is taken ("Only text, image_url, and media types are
          // supported"), or a setting the app's config file lacks ("\"inline_model_loading\" is not
          // True in config.yml")
          Clause.of(
              "\\bonly\\b[^\\n.]{1,60}?\\b(?:are|is) (?:supported|allowed|accepted)\\b"
                  + "|\\bin config\\.(?:ya?ml|json|toml)\\b",
              "only",
              "config."),
          // a feature the client or server does not have, or no longer has, or a setting it lacks
          // ("NotImplementedError … is not yet implemented as a feedback provider", "this is no
          // longer supported in openai>=1.0.0", "No LLM provider is configured", requests' "Invalid
          // URL 'YOUR_ENDPOINT': No scheme supplied")
          Clause.of(
              "\\bnot (?:yet )?implemented\\b|\\bno longer supported\\b|\\bno scheme supplied\\b"
                  + "|\\binvalid (?:[\\w-]+ )?config(?:uration)?\\b|\\b(?:is|are) not configured\\b|\\bno [\\w-]+(?: [\\w-]+)? (?:is |are )?configured\\b",
              "implemented",
              "no longer supported",
              "no scheme supplied",
              "config"),
          Clause.of(
              "\\b(?:could not|unable to|failed to) parse\\b(?! [\\w-]+ response)|\\binvalid (?:message "
                  + "|request |json )?format\\b|\\bunrecognized (?:request )?(?:argument|parameter"
                  + "|field)\\b|\\bparameter\\b",
              "parse",
              "format",
              "unrecognized",
              "parameter"),
          Clause.literals(
              "参数",
              "參數",
              "パラメータ",
              "매개변수",
              "파라미터",
              "параметр",
              "parámetro",
              "parâmetro",
              "paramètre",
              "parametre",
              "tham số",
              "parametro",
              "格式",
              "形式",
              "형식",
              "формат",
              "formato",
              "mal formado",
              "malformado",
              "mal formé",
              "fehlerhaft",
              "biçim",
              "định dạng"),
          // a JSON body or a message format named wrong, in the corpus's languages
          Clause.literals(
              "parameterwert",
              "nachrichtenformat",
              "format de message",
              "format json",
              "format pesan",
              "json non valido",
              "json no válido",
              "json inválido",
              "ungültiges json"),
          // a message role, a tool definition or schema, a required field, a JSON body that could
          // not be parsed, a temperature, in the corpus's languages
          Clause.of(
              "\\brole\\b|角色|ロール|역할|роль|rol de mensaje|papel de mensagem|rôle|nachrichtenrolle"
                  + "|\\brol \"|\\bpapel \"|\\brolle \"|\\brolü|vai trò|\\bruolo\\b"
                  + "|工具定义|工具定義|ツール定義|도구 정의|схема|esquema|schéma|\\bschema\\b|必須フィールド|필수 필드"
                  + "|обязательное поле|campo obligatorio|campo obrigatório|champ obligatoire|pflichtfeld"
                  + "|temperature|anfrageformat|json[^\\n]{0,20}?(?:解析|파싱|parse|geparst)|(?:разобрать"
                  + "|analizar|interpretar|analyser|解析)[^\\n]{0,40}?json",
              "role",
              "角色",
              "ロール",
              "역할",
              "роль",
              "rol de mensaje",
              "papel de mensagem",
              "rôle",
              "nachrichtenrolle",
              "rol \"",
              "papel \"",
              "rolle \"",
              "rolü",
              "vai trò",
              "ruolo",
              "工具定",
              "ツール定義",
              "도구 정의",
              "схема",
              "esquema",
              "schéma",
              "schema",
              "必須フィールド",
              "필수 필드",
              "обязательное поле",
              "campo obligatorio",
              "campo obrigatório",
              "champ obligatoire",
              "pflichtfeld",
              "temperature",
              "anfrageformat",
              "json"),
          // request parameters named wrong, the server not understanding the request
          Clause.of(
              "\\brequest param(?:eter)?s?\\b|\\bdoes not understand (?:your|the) request\\b",
              "request param",
              "understand"),
          // request parameters named, in German, French, Italian and Turkish
          Clause.literals("anfrageparameter", "parametri della"),
          // a parameter named invalid by its API name or quoted path (OpenAI "Invalid
          // 'input[2].content'", LM Studio "Invalid tool_choice type")
          Clause.of("\\binvalid '[^'\\n]{1,60}'|\\binvalid [`'\"]?[a-z]+_[a-z_]+\\b", "invalid"),
          // a field of the request named by its path ("messages[2]", "tools.0", "contents[1]") or a
          // sampling parameter named in quotes: a failure about the request itself
          Clause.of(
              "\\b(?:messages|tools|tool_calls|input|contents|system|tool_choice|response_format"
                  + "|generation_config|functions|parameters|content)(?:\\[\\d+\\]|\\.\\d+)"
                  + "|'(?:temperature|top_p|top_k|max_tokens|max_completion_tokens|stop|seed"
                  + "|presence_penalty|frequency_penalty|logprobs|tool_choice|response_format"
                  + "|reasoning_effort)'",
              "[",
              ".",
              "'"));

  // A generic "quota exceeded": account state unless the quota resets within the minute.
  // The provider offers waiting as the way out ("Please upgrade your tier or try again later",
  // "try again later or contact us for dedicated capacity"): whatever limit it names, it passes.
  static final List<String> OFFERS_WAIT_WORDING =
      List.of(
          "or try again later",
          "try again later or",
          "or retry later",
          "retry later or",
          "请稍后重试",
          "请稍后再试",
          // try again later, in Chinese
          "请您稍后再试",
          // after a while, in Japanese ("時間をおいて再度お試しください", "しばらくしてからもう一度")
          "時間をおいて",
          "しばらくしてから");

  // The server's capacity named as the limit reached ("サーバーが処理能力の上限に達しています",
  // "予期せぬ容量制限に達しました"): its load, not the account's allowance.
  static final List<String> CAPACITY_NAMED = List.of("処理能力", "容量", "capacity");

  // A window named as resetting within seconds ("quota will reset after 5s", "resets in 30
  // seconds", "try again in 2 s", "Retry in 177 seconds": up to 999, minutes at most): a rate
  // limit however the rest is worded.
  static final Words SHORT_RESET_PATTERN =
      Words.of(
          // a wait with backoff, the advice of a per-minute window (Vertex's "Online prediction
          // request quota exceeded for gemini-1.5-pro. Please try again later with backoff.")
          Clause.literals("with backoff", "with exponential backoff"),
          Clause.of(
              "\\b(?:resets?|retry|try again|available again|window opens)\\s+(?:after"
                  + "|in)\\s+\\d{1,3}(?:\\.\\d+)?\\s*"
                  + "(?:s|secs?|seconds?|ms|milliseconds?)\\b",
              "reset",
              "retry",
              "again",
              "window opens"),
          // a wait of seconds before retrying, in the corpus's other languages ("请 20 秒后重试",
          // "数秒後に再試行", "vuelve a intentarlo en 15 segundos")
          Clause.of(
              "(?:\\d{1,3}|几|數|数)\\s*秒(?:钟|鐘)?(?:后|後)|\\d{1,3}\\s*초 (?:후|뒤)"
                  + "|(?:через|en|dans|in|tra|em|sau|dalam|nach) \\d{1,3} (?:секунд|segundos?|secondes?"
                  + "|sekunden|secondi|giây|detik)|\\d{1,3} (?:saniye|sekunde[n]?) (?:sonra|warten)",
              "秒",
              "초",
              "секунд",
              "segundo",
              "seconde",
              "sekunde",
              "secondi",
              "giây",
              "detik",
              "saniye"));

  // The words say the failure cost nothing ("No credits consumed on this tool call"): credits named
  // there are not the account's state.
  static final List<String> ACCOUNT_ADVICE_ONLY =
      List.of(
          // an app's card for any 429 that sends the user to look at every account page ("LM Studio
          // rate limit reached … Check your provider's dashboard for quota, usage, or billing
          // details"): advice, not the account's state
          "dashboard for quota, usage, or billing",
          // one guess among others ("The provider may be unavailable or the API key may have
          // insufficient quota")
          "may have insufficient quota");

  static final List<String> NOT_CHARGED_WORDING =
      List.of(
          // OpenRouter's moderation refusal ("… was flagged for \"harassment\". No credits were
          // charged.")
          "no credits were charged",
          "no credits consumed",
          "no credits were consumed",
          "not charged",
          "no charge",
          // the words that say nothing was spent, in the other tense
          "no credits were used");

  // A limit of zero: nothing is left to wait for, whatever reset the words name.
  static final List<String> ZERO_LIMIT_WORDING = List.of("limit: 0", "limit 0,", "limit of 0 ");

  static final List<String> QUOTA_WORDING =
      List.of(
          // credit used up, in Dutch, Polish, Thai and Hindi ("Je tegoed is op",
          // "Wykorzystano limit kredytów. Doładuj konto.", "เครดิตของคุณหมดแล้ว",
          // "आपका क्रेडिट समाप्त हो गया है")
          "tegoed is op",
          "limit kredytów",
          "doładuj konto",
          "เครดิตของคุณหมด",
          "क्रेडिट समाप्त",
          "quota exceeded",
          "exceeded quota",
          "out of quota",
          "exceeded your quota",
          "quota_exceeded",
          "quota exhausted",
          "超出配额",
          // a quota exceeded or used up, in Traditional Chinese, Italian, Indonesian, Vietnamese,
          // Thai, Arabic, Persian, Polish, Dutch, Ukrainian
          "超出配額",
          "配額已用完",
          "配額不足",
          "quota superata",
          "quota esaurita",
          "kuota habis",
          "kuota terlampaui",
          "vượt quá hạn mức",
          "hết hạn mức",
          "โควต้าเต็ม",
          "تجاوز الحصة",
          "سهمیه تمام",
          "przekroczono limit wykorzystania",
          "quotum overschreden",
          "квоту вичерпано");

  // A window of a minute or a second, in the corpus's languages: the part of a short window that
  // also makes a token count a throttle.
  static final List<String> MINUTE_OR_SECOND =
      List.of(
          // a count over the current minute ("too many input tokens this minute for your tier")
          "this minute",
          "per_minute",
          "perminute",
          "per min",
          "per second",
          // per a set time, in Japanese ("一定時間あたりのブロック複製数の上限に達しました")
          "一定時間あたり",
          "token/min",
          "tokens/min",
          "request/min",
          "requests/min",
          "req/min",
          "(tpm)",
          "(rpm)",
          "每分钟",
          "每秒",
          "每分鐘",
          "分あたり",
          "毎分",
          "분당",
          "초당",
          "в минуту",
          "в секунду",
          "par minute",
          "par seconde",
          "por minuto",
          "por segundo",
          "pro minute",
          "pro sekunde",
          "dakika başına",
          "saniye başına",
          "mỗi phút",
          "mỗi giây",
          "per menit",
          "per detik",
          "al minuto",
          "al secondo");

  // A window that resets within the minute: a rate limit however it is worded.
  // A count named per minute or per second, or a window that reopens in seconds, whatever else the
  // words call it ("quota", "budget", "allowance"): a throttle, never the account's state.
  static final List<String> PER_MINUTE_NAMED =
      concat(MINUTE_OR_SECOND, "per-minute", "per-second", "next window opens");

  static final List<String> SHORT_WINDOW_WORDING =
      concat(
          MINUTE_OR_SECOND,
          // concurrent requests, in Chinese and English ("当前 API Key 的并发请求数已达上限", "The
          // number of concurrent requests to this app has reached the limit of 10")
          "并发请求数",
          "concurrent request",
          "concurrency",
          // a rate limit named as such in German, a request rate in Chinese ("请求速率达到上限")
          "ratenlimit",
          "请求速率",
          "per hour",
          "per_hour",
          "每小时",
          "per_second",
          "частоты запросов",
          // a rate limit named as such, in English (in a link: a text's "rate-limit" is read as
          // "rate limit") and Japanese, and a window of a minute or a second hyphenated ("your
          // per-minute rate limit")
          "rate-limit",
          "レート制限",
          "per-minute",
          "per-second",
          // DashScope's Throttling.AllocationQuota: the per-minute allocation, not the account
          "allocated quota exceeded, please increase");

  // A window of a few minutes or seconds counted ("1000 api requests per 5 minutes period",
  // "máximo de 60 requisições em 1 minutos", "максимум 60 запросов за 1 минут", "try again in 20
  // seconds"), in the corpus's languages: read with SHORT_WINDOW_WORDING, a window that passes.
  static final Words SHORT_WINDOW_COUNTED =
      Words.of(
          Clause.of(
              // the count first, and the word before it looked back at from there: a pattern that
              // started with the word was tried at every character of a long body
              "[1-5]?\\d(?<=(?:\\b(?:in|within|per|every|em|en|por|par|pro|ogni|binnen"
                  + "|trong|dalam)|за|в течение) [1-5]?\\d) (?:minutes?|minutos?|minuten?|minuti|minut[ay]?|mins?"
                  + "|seconds?|secs?|segundos?|secondes?|sekunden?|secondi|sekund[ey]?|минут[а-я]*"
                  + "|секунд[а-я]*|phút|giây|menit|detik)(?![\\w-])",
              "min",
              "sec",
              "segund",
              "sekund",
              "минут",
              "секунд",
              "phút",
              "giây",
              "menit",
              "detik"));

  // A throttle that counts tokens: a short window, or a request to wait and try again.
  // A request named timed out after a time, or too slow (Qwen Code's "Streaming request timeout
  // after 48s. Try reducing input length", "The model took too long to respond. Try a shorter
  // prompt"): the input's length is advice, not the failure (row size.context_wording).
  static final List<String> TIMED_OUT_NAMED =
      List.of(
          "timeout after",
          "timed out after",
          "took too long",
          // Python's ssl read that timed out, whatever a wrapper calls the error ("[jina] Bad
          // Request Error, The read operation timed out")
          "read operation timed out");

  static final List<String> THROTTLE_WORDING =
      concat(
          MINUTE_OR_SECOND,
          "please wait",
          "try again in",
          "retry after",
          // the Batch API's tokens in queue, freed as batches complete ("Enqueued token limit
          // reached")
          "enqueued token");

  // A cap that resets after hours or more: daily/weekly/monthly limits, usage limits with a
  // reset time, plan allowances. Waiting seconds will not help.
  static final List<String> CAP_WORDING =
      List.of(
          // a plan's usage limit hit, whatever way out follows (Codex's and Cursor's "You've hit
          // your usage limit. Upgrade to Plus to continue using Codex, or try again later."):
          // the plan's window, never a per-minute rate
          "hit your usage limit",
          // a day's limit used up, in Ukrainian ("Ліміт використання на сьогодні вичерпано")
          "на сьогодні",
          // a day's limit, in Russian ("Вы исчерпали дневной лимит запросов (50/50)")
          "дневной лимит",
          // a day's flow control exceeded (iFlytek 11201 "日流控超限")
          "日流控超限",
          "per day",
          "per-day",
          "perday",
          "daily limit",
          // a count of uses over its limit, with no window named, in Chinese ("搜索次数超出限制")
          "次数超出限制",
          "次数超过限制",
          "daily quota",
          "daily cap",
          "daily rate limit",
          "daily request limit",
          "(tpd)",
          "(rpd)",
          "tpd rate limit",
          "rpd rate limit",
          "tpd limit",
          "rpd limit",
          // a day's limit in Korean and Vietnamese ("하루 요청 한도", "giới hạn … mỗi ngày"), the
          // account's lifetime total (Qianfan's error 19 "Open api total request limit
          // reached"; not a worker's "local total request limit", its concurrency)
          "하루 요청",
          "mỗi ngày",
          "api total request limit",
          "per week",
          "weekly limit",
          "per month",
          "/ month",
          "monthly limit",
          "monthly spending",
          "monthly allotment",
          // a product's usage limits reached, a count of reviews ("You have reached your Codex
          // usage limits for code reviews", "you've reached your PR review limit")
          "usage limits for",
          "review limit",
          // a day's allowance named in other words (Azure's "Rate limit of 150 per 86400s exceeded
          // for UserByModelByDay", "100/100 messages for today"), in Japanese, Korean, Spanish,
          // French and Turkish ("1日あたり50リクエスト", "일일 호출 한도", "100 solicitudes diarias",
          // "50 requêtes par jour", "Günlük ücretsiz hakkınız bitti")
          "per 86400s",
          "by day",
          "for today",
          "1日あたり",
          "일일",
          "diarias",
          "par jour",
          "günlük",
          // Anthropic's workspace limit ("You have reached your specified workspace API usage
          // limits. You will regain access on …")
          "api usage limits",
          "regain access",
          "for this month",
          "monthly quota",
          "monthly request",
          "spend limit",
          "overage limit",
          "overages",
          "spending cap",
          "extra usage",
          "usage limit reached",
          "due to usage limits",
          "usage reached",
          "hit your limit",
          "limit will reset",
          "limits will reset",
          "request allowance",
          "inference limit",
          // a maximum reached for the period ("GenerateAssistantResponse reached for this month")
          "reached for the month",
          // Zhipu 1304/1308/1310, and the same caps in other Chinese providers' words
          "今日调用次数",
          "调用次数限额",
          "每日",
          "每周",
          "每月",
          "使用上限",
          "日限额",
          "日额度",
          "月限额",
          "月额度",
          // a limit of hours, of use or of the plan reached, in Japanese
          "時間の制限に達",
          "使用の制限に達",
          "利用制限に",
          "使用制限に達",
          // today's allowance
          "exceeds today's",
          "today's limit",
          "today's quota",
          // a plan's allowance of predictions used up (Flowise Cloud)
          "predictions limit exceeded",
          // a daily limit, in the corpus's languages
          "limite diário",
          "límite diario",
          "limite quotidienne",
          "limite journalière",
          "tageslimit",
          "limite giornaliero",
          "giới hạn hằng ngày",
          "batas harian",
          // a monthly limit, in the corpus's languages
          "limite mensuelle",
          "limite mensile",
          "límite mensual",
          "limite mensal",
          "monatliches limit",
          "aylık limit",
          "giới hạn hằng tháng",
          "batas bulanan",
          "요금제 사용 한도",
          "abo abgelaufen");

  // A cap by its period or its plan, in any phrasing: a daily/weekly/monthly quota, limit,
  // allocation or allowance ("Daily request quota per user … exceeded", "daily free allocation of
  // 10,000 neurons", "monthly usage limit"), a trial's or plan's limit reached, 每日/本月…限额.
  // Read only when no per-minute window is named.
  // An error class that names a rate limit reached (Copilot Studio's
  // "GenAISearchandSummarizeRateLimitReached: 検索と集計の使用制限に達しました。"): the class names the
  // window the translated words leave open.
  static final List<String> RATE_LIMIT_REACHED_CLASS = List.of("ratelimitreached");

  static final Words CAP_PATTERN =
      Words.of(
          // a consumer app's search allowance ("Search Limit Reached", "You've reached your Pro
          // search limit"), a window of 24 hours in Italian, Portuguese, Spanish, French, German,
          // Turkish, Dutch ("limite massimo di messaggi per 24 ore")
          Clause.of(
              "\\b(?:pro )?search limit\\b|\\b24 ?(?:ore|horas|heures|stunden|saat|uur)\\b",
              "search limit",
              "24"),
          // a limit named reached, in Japanese, with nothing said of its period ("制限に達しました",
          // "1日の上限に達しました", "Claudeメッセージの制限に達しました"; a window or an offer to wait
          // makes it a rate limit), a day's limit in Korean, or a wait of days ("이미지 생성 가능
          // 시간: 약 30일 뒤로 예상됩니다")
          Clause.of(
              "(?:上限|制限)に達|하루 한도|일일 한도|\\d+\\s?(?:일|日|天)\\s?(?:뒤|後|后)",
              "上限に達",
              "制限に達",
              "하루 한도",
              "일일 한도",
              "뒤",
              "後",
              "后"),
          // a limit named reached, in Chinese, with nothing said of its period (read as a cap
          // unless the words offer waiting: "…请求已达上限，请稍后重试")
          Clause.of("已达上限|达到上限", "上限"),
          Clause.of(
              "\\b(?:daily|weekly|monthly|per[- ]day|per[- ]week|per[- ]month)\\b[^\\n]{0,40}?"
                  + "\\b(?:quota|limit|allocation|allowance|cap|budget|credits?)\\b"
                  + "|\\b(?:quota|limit|allocation|allowance|budget)\\b[^\\n]{0,40}?"
                  + "\\b(?:per[- ]day|per[- ]week|per[- ]month|daily|weekly|monthly|within 24h)\\b",
              "daily",
              "weekly",
              "monthly",
              "per day",
              "per-day",
              "per week",
              "per-week",
              "per month",
              "per-month",
              "24h"),
          Clause.of(
              "\\b(?:trial|free[- ]tier|free plan|subscription|plan)\\b[^\\n]{0,30}?"
                  + "\\b(?:limit|quota|allowance)\\b",
              "trial",
              "free tier",
              "free-tier",
              "subscription",
              "plan"),
          Clause.of(
              "\\breached (?:your|the) (?:trial|plan|subscription|usage|spending|monthly|daily"
                  + "|weekly)\\b",
              "reached your",
              "reached the"),
          Clause.of(
              "\\b(?:usage|spend|spending) (?:limit|cap|quota)\\b"
                  + "|\\busage\\b[^\\n]{0,20}?\\b(?:exceeded|reached|exhausted)\\b",
              "usage",
              "spend"),
          Clause.of(
              "\\b(?:quota|limit|allowance|allocation|credits?|requests?)\\b[^\\n]{0,30}?"
                  + "\\b(?:for (?:the )?day|for today|today|this (?:month|week)|for the month)\\b",
              "for the day",
              "for day",
              "today",
              "this month",
              "this week",
              "for the month"),
          Clause.of(
              "\\b(?:reached|exceeded|hit) (?:your|the) limit\\b|\\bhard limit\\b",
              "your limit",
              "the limit",
              "hard limit"),
          Clause.of(
              "\\b(?:exhausted|used up|used all)\\s+(?:of\\s+)?(?:your|the|all)\\b[^\\n]{0,25}?"
                  + "\\b(?:requests|credits?|allowance|messages|quota|usage)\\b",
              "exhausted",
              "used up",
              "used all"),
          Clause.of(
              "\\bbilling\\b[^\\n]{0,20}?\\b(?:issues?|problems?|errors?|required|inactive"
                  + "|suspended"
                  + "|disabled|not configured|not set up|closed|past due|delinquent|cycle|period)\\b",
              "billing"),
          // the account cannot be charged ("Please add a payment method", "Your card was
          // declined", "payment failed"); OpenAI's free-tier rate limits also ask for a payment
          // method, but they name their per-minute window
          Clause.of(
              "\\b(?:add|update|set up|valid|no) (?:a |your )?(?:payment method|credit card)\\b",
              "a payment method",
              "your payment method",
              "add payment method",
              "valid payment method",
              "no payment method",
              "a credit card",
              "your credit card",
              "add credit card",
              "valid credit card",
              "no credit card"),
          Clause.of("\\b(?:credit card|payment method|card) on file\\b", "on file"),
          Clause.of(
              "\\b(?:set up|setup|enable|add) (?:your )?billing\\b",
              "set up billing",
              "setup billing",
              "enable billing",
              "add billing",
              "set up your billing",
              "setup your billing",
              "enable your billing",
              "add your billing"),
          Clause.of(
              "\\bpayment method (?:is |was |has been )?(?:required|declined|failed|missing)\\b"
                  + "|\\bcard (?:was |has been )?declined\\b|\\bpayment (?:has )?failed\\b",
              "declined",
              "failed",
              "required",
              "missing"),
          // an allowance, cost or consumption cap spent ("Token allowance exceeded", "Cost limit
          // exceeded", "Consumption limit reached")
          Clause.of(
              "\\ballowance\\b[^\\n]{0,20}?\\b(?:exceeded|reached|exhausted|used up|depleted)\\b"
                  + "|\\b(?:cost|consumption) (?:limit|cap)\\b[^\\n]{0,20}?"
                  + "\\b(?:exceeded|reached|exhausted|hit)\\b"
                  + "|\\b(?:exceeded|reached|hit) (?:your|the|its) (?:[a-z]+ )?(?:cost|consumption) limit\\b",
              "allowance",
              "cost limit",
              "cost cap",
              "consumption limit",
              "consumption cap"),
          // a limit of hours that resets at a clock time or a day ("5-hour limit reached ∙ resets
          // 3pm", "limit reached, resets Monday")
          Clause.of(
              "\\b\\d+[- ]hours? (?:usage )?limit\\b",
              "hour limit",
              "hours limit",
              "hour usage limit",
              "hours usage limit"),
          Clause.of(
              "\\blimit\\b[^\\n]{0,30}?\\bresets? (?:at |on )?(?:\\d{1,2}(?::\\d\\d)?\\s*(?:am|pm)"
                  + "|mon|tue|wed|thu|fri|sat|sun|tomorrow|midnight)",
              "reset"),
          // a usage limit or the account's limit reached, in Turkish, Swedish, Dutch, Czech,
          // Indonesian, Vietnamese, Romanian, Russian and Ukrainian ("Kullanım sınırına
          // ulaşıldı", "Du har nått din gräns för 2.5 Pro", "Je hebt je limiet bereikt", "Anda
          // telah mencapai batas penggunaan", "Вы достигли лимита использования"; not a limit of
          // requests, "лимита запросов", which may be a minute's)
          Clause.of(
              "kullanım (?:sınır|limit)\\w*[^\\n]{0,12}?(?:ulaşıl|ulaştınız|aşıldı|doldu)"
                  + "|nått (?:din|er|sin) [^\\n]{0,20}?gräns|användningsgräns"
                  + "|(?:je|uw|jouw) (?:gebruiks)?limiet (?:is )?bereikt|gebruikslimiet"
                  + "|dosáhli jste (?:svého )?limitu|limitu? využití"
                  + "|(?:mencapai|melebihi) batas (?:penggunaan|pemakaian|kuota)"
                  + "|(?:đạt|vượt)(?: đến| quá)? giới hạn sử dụng"
                  + "|(?:ați|ai) atins limita"
                  + "|лимит[а-я]* использования|ліміт[а-яі]* використання",
              "kullanım",
              "gräns",
              "limiet",
              "dosáhli",
              "využití",
              "batas",
              "giới hạn sử dụng",
              "atins limita",
              "лимит",
              "ліміт"),
          // a quota or usage limit reached, in Japanese, Korean, Russian, Spanish, Portuguese,
          // French, German (クォータを超過, 利用上限に達しました, 할당량을 초과, 사용량 한도에 도달, 한도를 모두 소진, Квота
          // исчерпана, Превышен лимит, Cuota excedida, Você atingiu o limite, Quota dépassé,
          // Kontingent überschritten, Nutzungslimit erreicht; never "Rate-Limit erreicht", a rate
          // limit)
          Clause.of(
              "クォータ[^\\n]{0,6}?超過|(?:利用|使用|今月の|月間の|本日の|プランの)上限に達|할당량[^\\n]{0,6}?초과"
                  + "|(?:사용|이용)량? ?한도[^\\n]{0,6}?(?:도달|초과|소진)|квот[аы][^\\n]{0,6}?исчерпан"
                  + "|лимит[^\\n]{0,30}?(?:исчерпан|превышен)|превышен[^\\n]{0,6}?лимит(?! (?:запросов|скорости))"
                  + "|cuota excedida|cota excedida|(?:alcanzado|atingiu|atteint)[^\\n]{0,12}?l[íi]mite(?! de (?:peticiones|solicitudes|requisições|solicitações|requêtes))"
                  + "|quota d[ée]pass[ée]|kontingent [üu]berschritten|(?<!rate )limit erreicht"
                  + "|hạn mức[^\\n]{0,30}?(?:đạt giới hạn|vượt)|vượt quá hạn ngạch|kota[^\\n]{0,12}?(?:sınır|aşıldı|doldu)"
                  + "|số dư[^\\n]{0,12}?không đủ|bakiye[^\\n]{0,12}?yetersiz|yetersiz bakiye",
              "超過",
              "上限",
              "초과",
              "한도",
              "квот",
              "лимит",
              "excedida",
              "alcanzado",
              "atingiu",
              "atteint",
              "quota d",
              "kontingent",
              "limit erreicht",
              "hạn mức",
              "hạn ngạch",
              "kota",
              "số dư",
              "bakiye"),
          // a window of a day in hours ("our limit of messages per 24 hours", "24-hour limit")
          Clause.of(
              "\\b(?:per|every|each|within|in the last) 24 ?(?:hours|hrs|h)\\b"
                  + "|\\b24[- ]hours? (?:limit|quota|cap)\\b",
              "24 h",
              "24h",
              "24-hour"),
          // an allowance of requests named by its kind ("exceeded your premium request limit")
          Clause.of(
              "\\b(?:premium|included|fast|pro|monthly|plan) (?:requests?|messages?|usage) "
                  + "(?:limit|allowance|quota|cap)\\b",
              "request limit",
              "requests limit",
              "message limit",
              "messages limit",
              "usage limit",
              "request allowance",
              "requests allowance",
              "message allowance",
              "usage allowance",
              "request quota",
              "requests quota",
              "usage quota",
              "usage cap"),
          // a plan's message allowance ("You have reached your message limit", "Message limit
          // reached", "our limit of messages")
          Clause.of(
              "\\bmessages? (?:limit|cap)\\b[^\\n]{0,20}?\\b(?:reached|exceeded|hit)\\b"
                  + "|\\b(?:reached|exceeded|hit) (?:your|the|our) (?:[a-z]+ )?messages? (?:limit|cap)\\b",
              "message limit",
              "messages limit",
              "message cap",
              "messages cap"),
          Clause.of("\\blimit of (?:[a-z]+ )?messages\\b", "limit of"),
          // what was free is spent ("Free requests exhausted", "You've used up your free messages")
          Clause.of(
              "\\bfree (?:requests|messages|usage|tokens|generations|calls)\\b[^\\n]{0,20}?"
                  + "\\b(?:exhausted|used up|exceeded|reached|depleted)\\b",
              "free requests",
              "free messages",
              "free usage",
              "free tokens",
              "free generations",
              "free calls"),
          // a period's allowance named after the verb that spent it ("You have exceeded your
          // monthly included requests", "exceeded your plan's monthly usage")
          Clause.of(
              "\\b(?:exceeded|reached|used|exhausted|hit)\\b[^\\n]{0,30}?\\b(?:daily|weekly"
                  + "|monthly)\\b"
                  + "[^\\n]{0,20}?\\b(?:usage|requests|tokens|messages|credits?|allowance)\\b",
              "daily",
              "weekly",
              "monthly"),
          // a pool of requests, messages or usage counted down to nothing or named spent ("You're
          // out of usage", "No requests left", "Messages remaining: 0", "Premium requests
          // exhausted", "You've run out of fast requests")
          Clause.of("\\bout of (?:[a-z][\\w.-]* ){0,2}(?:usage|requests)\\b", "out of"),
          Clause.of(
              "\\b(?:no|0|zero) (?:[a-z][\\w.-]* )?(?:requests|messages|usage|generations) "
                  + "(?:left|remaining)\\b"
                  + "|\\b(?:requests|messages|usage|generations) (?:left|remaining)\\s*:?\\s*0(?![\\d.,])",
              " left",
              " remaining"),
          Clause.of(
              "\\bno (?:remaining|more) (?:requests|messages|usage|generations)\\b",
              "no remaining",
              "no more"),
          Clause.of(
              "\\brequests\\b[^\\n]{0,10}?\\b(?:exhausted|used up|depleted)\\b",
              "exhausted",
              "used up",
              "depleted"),
          // an account's or key's own limit reached, not a rate ("Your account has reached its
          // limit", "This API key has exceeded its limit", "Account limit reached")
          Clause.of(
              "\\b(?:account|key|organization|workspace|project|team)\\b[^\\n]{0,20}?"
                  + "\\b(?:reached|exceeded|hit)\\s+(?:its|the|their|your)\\s+"
                  + "(?:usage |spending |spend |credit )?limit\\b",
              "reached its",
              "reached the",
              "reached your",
              "exceeded its",
              "exceeded the",
              "exceeded your",
              "hit its",
              "hit the",
              "hit your"),
          Clause.of(
              "(?<!rate )\\blimit (?:reached|exceeded|hit) (?:for|on) (?:your|the|this) "
                  + "(?:account|api key|key|organization|workspace)\\b",
              "limit reached",
              "limit exceeded",
              "limit hit"),
          Clause.of(
              "\\b(?:account|key) (?:usage )?limit (?:reached|exceeded)\\b",
              "account limit",
              "key limit",
              "account usage limit",
              "key usage limit"),
          // a plan's ceiling ("the maximum number of requests for your plan", "Exceeded plan
          // limits")
          Clause.of(
              "\\bmaximum (?:number of )?(?:requests|messages|tokens|generations)\\b[^\\n]{0,20}?"
                  + "\\b(?:for|on|of) (?:your|the|this) (?:current )?(?:plan|subscription|trial)\\b",
              "maximum"),
          Clause.of(
              "\\b(?:exceeded|reached|hit) (?:your |the )?(?:plan|subscription)(?:'s)? limits?\\b",
              "plan limit",
              "plan's limit",
              "subscription limit",
              "subscription's limit"),
          // paying is what the request needs ("Please subscribe to continue", "Subscribe to Pro
          // to continue", "This model requires a paid plan", "Upgrade required")
          Clause.of(
              "\\b(?:purchase|buy|subscribe to|upgrade to) (?:a |an |the )?(?:[a-z]+ )?"
                  + "(?:plan|subscription|pro|plus|premium|credits?)\\b[^\\n]{0,20}?\\bto continue\\b",
              "to continue"),
          Clause.of(
              "\\bplease (?:subscribe|purchase)\\b|\\bupgrade required\\b"
                  // upgrading software is not paying ("Please upgrade the Agent node")
                  + "|\\bplease upgrade\\b(?![^\\n]{0,30}?\\b(?:node|version|client|extension"
                  + "|plugin|sdk|library|package|cli|app)\\b)"
                  + "|\\brequires a paid (?:plan|subscription|account|tier)\\b"
                  + "|\\bonly available (?:to|for|on) paid\\b",
              "please subscribe",
              "please purchase",
              "please upgrade",
              "upgrade required",
              "requires a paid",
              "only available"),
          // a pool used to the full ("You have used 100% of your quota", "Usage at 100% of limit",
          // "Exceeded maximum allowed usage")
          Clause.of(
              "\\b100\\s*%\\s+of (?:your|the|its)\\b[^\\n]{0,30}?"
                  + "\\b(?:quota|usage|limit|credits?|allowance|budget|requests)\\b"
                  + "|\\b(?:usage|quota)\\b[^\\n]{0,12}?\\bat 100\\s*%",
              "100%", "100 %"),
          Clause.of(
              "\\b(?:max(?:imum)?|allowed) usage\\b[^\\n]{0,12}?\\b(?:reached|exceeded|hit)\\b"
                  + "|\\b(?:exceeded|reached|hit) (?:the |your )?(?:max(?:imum)? )?(?:allowed )?usage\\b",
              "max usage",
              "maximum usage",
              "allowed usage",
              "exceeded usage",
              "reached usage",
              "hit usage",
              "exceeded the usage",
              "exceeded your usage",
              "reached the usage",
              "reached your usage",
              "hit the usage",
              "hit your usage"),
          // a limit named as the plan's ("Request limit for your plan has been reached")
          Clause.of(
              "\\b(?:limit|quota|allowance)\\b[^\\n]{0,12}?\\b(?:for|of|on) (?:your|the|this) "
                  + "(?:current )?(?:plan|subscription|trial)\\b",
              "your plan",
              "the plan",
              "this plan",
              "current plan",
              "your subscription",
              "the subscription",
              "this subscription",
              "current subscription",
              "your trial",
              "the trial",
              "this trial",
              "current trial"),
          Clause.of(
              "\\bupgrade (?:your )?(?:plan|account|subscription)\\b|\\bupgrade to continue\\b",
              "upgrade"),
          // a plan's message allowance used up ("You are out of free messages until 3 PM", "You're
          // out of Codex messages")
          Clause.of("\\bout of (?:[a-z][\\w.-]* ){0,2}messages\\b", "out of"),
          Clause.of(
              "(?:每日|每天|今日|当日|每周|每月|本月)[^\\n]{0,20}?(?:限额|上限|额度|配额|次数)",
              "每日",
              "每天",
              "今日",
              "当日",
              "每周",
              "每月",
              "本月"),
          // a limit reached that only an administrator can lift (Claude Code for teams: "Limit
          // reached – contact an admin to keep working")
          Clause.of(
              "\\blimit (?:reached|hit)\\b[^\\n]{0,30}?\\bcontact (?:an |your )?(?:admin|administrator|workspace owner)\\b",
              "contact"));

  static final Set<String> GOOGLE_EXHAUSTED = Set.of("resource_exhausted");

  static final Set<String> TOOL_STOPPED_CODES = Set.of("tool_execution_stopped");

  // A validation library's own error types, read from the error it wraps (pydantic's
  // extra_forbidden and value_error.missing, as FastAPI servers return them): the request itself
  // was refused, whatever a client around it calls the failure (row auth.wording yields to them). A
  // model this API serves only on another of its endpoints (GitHub Copilot's
  // unsupported_api_for_model: "… is not accessible via the /chat/completions endpoint"): the
  // request must change, so it is a settled request error, not a model that is gone.
  static final Set<String> WRONG_API_CODES = Set.of("unsupported_api_for_model");

  static final Set<String> REQUEST_CODES = Set.of("extra_forbidden", "value_error.missing");

  static final Set<String> AUTH_CODES =
      Set.of(
          "authentication_error",
          "invalid_api_key",
          "invalid_authentication",
          "api_key_invalid",
          "api_key_expired",
          "unauthenticated",
          "authenticationerror",
          // Azure Identity: no credential could give a token
          "credentialunavailableexception",
          "unrecognizedclientexception",
          "expiredtokenexception",
          "invalidsignatureexception",
          // Tencent Cloud API 3.0 (https://cloud.tencent.com/document/api/1729/101840)
          "authfailure.signaturefailure",
          "authfailure.signatureexpire",
          "authfailure.secretidnotfound",
          "authfailure.invalidsecretid",
          "authfailure.invalidauthorization",
          "authfailure.tokenfailure",
          // OAuth 2.0 token errors (RFC 6749 §5.2, RFC 6750 §3.1): a login to renew
          "invalid_grant",
          "invalid_client",
          "unauthorized_client",
          "invalid_token",
          // a JWT the server refused (io.jsonwebtoken)
          "incorrectclaimexception",
          "expiredjwtexception",
          // Moonshot
          "invalid_authentication_error",
          // DashScope
          "invalidapikey",
          // Zhipu 1000–1004: authentication failed, no/invalid/expired token
          "1000",
          "1001",
          "1002",
          "1003",
          "1004",
          // FastChat INVALID_AUTH_KEY, INCORRECT_AUTH_KEY (fastchat/constants.py)
          "40101",
          "40102",
          // OpenAI's code for a key whose account was deactivated
          "account_deactivated");

  static final List<String> AUTH_WORDING =
      List.of(
          // a cloud SDK's credential chain that found or refreshed no credentials (AWS's "Unable
          // to load credentials from any of the providers in the chain", Go's "failed to refresh
          // cached credentials", Google's "Application Default Credentials are not available" and
          // RefreshError "invalid_grant", a malformed service-account file, an unknown AWS config
          // profile, Azure's "failed to acquire a token", watsonx's "Error getting IAM Token", in
          // Korean "기본 자격 증명을 찾을 수 없습니다"), a database login refused
          "unable to load credentials",
          // …or none at all (botocore's NoCredentialsError "Unable to locate credentials"), a key
          // sent in a form the gateway cannot read (LiteLLM's "Malformed API Key passed in")
          "unable to locate credentials",
          "malformed api key",
          "failed to refresh cached credentials",
          "default credentials",
          "invalid_grant",
          "service account info",
          "config profile",
          "failed to acquire a token",
          "iam token",
          "자격 증명",
          "incorrect username or password",
          // an AWS SSO session whose token is gone (botocore's SSOTokenLoadError)
          "ssotokenloaderror",
          "error loading sso token",
          // a Cloudflare clearance token to give (gpt4free: "cf_clearance must be set … a valid
          // cloudflare clearance token"), credentials named invalid in Polish ("Nieprawidłowe
          // poświadczenia AWS")
          "clearance token",
          "nieprawidłowe poświadczenia",
          // an access token that could not be obtained, a credential not sent ("Failed to obtain an
          // access token for connection", "Credential was not sent or was of an unsupported type")
          "failed to obtain an access token",
          "credential was not sent",
          // a token, a session or a login expired, an authentication token missing or malformed,
          // in Arabic and Vietnamese ("انتهت صلاحية الرمز المميز", "انتهت صلاحية جلستك", "انتهت
          // صلاحية رمز الدخول", "Token xác thực bị thiếu")
          "انتهت صلاحية",
          "token xác thực",
          // no valid credentials or token given, in Korean and Japanese (LobeChat's 401 "유효한 인증 정보를
          // 제공하지 않았을 수 있습니다", "유효한 토큰을 설정해야 합니다"), and Qianfan's IAM ("IAM Certification failed")
          "유효한 인증 정보",
          "유효한 토큰을 설정",
          "有効な認証情報",
          "有効なトークンを設定",
          "certification failed",
          // a login named wrong (Hugging Face's "Invalid username or password. Please provide a
          // valid Hugging Face token")
          "invalid username or password",
          // Azure API Management's 401 ("Access denied due to missing subscription key")
          "missing subscription key",
          // not logged in, in Chinese (a web session's ticket gone)
          "未登录",
          "未登錄",
          "invalid api key",
          "invalid_api_key",
          "incorrect api key",
          "api key not valid",
          "api key is invalid",
          "api key expired",
          "api key has expired",
          "expired api key",
          "invalid x-api-key",
          "invalid authentication",
          "authentication failed",
          "authentication fails",
          // the SDKs and agent CLIs with no key or an expired login (Anthropic's SDK, Claude Code)
          "could not resolve authentication method",
          "not logged in",
          "not currently logged in",
          "not yet logged in",
          "not signed in",
          "not currently signed in",
          "vous n'êtes pas connecté",
          "vous n'êtes pas actuellement connecté",
          "please log in",
          "please login",
          "run /login",
          "log in again",
          "login again",
          // one-api/new-api relays: the relay's own token (key) disabled or expired
          "令牌状态不可用",
          "令牌已被禁用",
          "authentication error",
          "unauthorized",
          "not authenticated",
          "jsonwebtoken",
          // Cloudflare Workers AI 3023
          "unavailable for account",
          "could not validate credentials",
          "credentials could not be validated",
          "未授权",
          "no auth credentials",
          "missing authentication",
          "did not provide an api key",
          "security token included in the request is invalid",
          // Cohere, and tokens reported expired or invalid on a 429
          "invalid api token",
          "invalid access token",
          "invalid auth token",
          "token has expired",
          "token expired",
          "expired token",
          "token is expired",
          // Gemini revokes keys it finds published
          "api key was reported as leaked",
          "api key not found",
          // Zhipu 1002/1003
          "token 非法",
          "token非法",
          "token 已过期",
          "token已过期",
          "身份验证失败",
          "无法进行身份验证",
          // a key or login refused, in Traditional Chinese, Italian, Indonesian, Thai, Arabic,
          // Persian, Polish, Dutch, Ukrainian, Hindi (the other languages: AUTH_PATTERN)
          "金鑰無效",
          "無效的金鑰",
          "密鑰無效",
          "無效的密鑰",
          "驗證失敗",
          "權杖無效",
          "權杖已過期",
          "未經授權",
          "認証エラー",
          "인증 오류",
          "chiave api non valida",
          "kunci api tidak valid",
          "คีย์ api ไม่ถูกต้อง",
          "مفتاح api غير صالح",
          "غير مصرح",
          "کلید api نامعتبر",
          "احراز هویت ناموفق",
          "nieprawidłowy klucz api",
          "ongeldige api-sleutel",
          "невірний ключ",
          "अमान्य api कुंजी",
          // in Arabic
          "مفتاح api غير صحيح",
          // Azure's key
          "invalid subscription key",
          // auth named failed in short
          "auth failed",
          "gateway access failed",
          // a login that could not be renewed
          "failed to refresh auth token",
          "failed to refresh token",
          "failed to refresh the token",
          "refresh token is invalid",
          // unauthorized, in Spanish, Portuguese, French, German, Italian, Turkish
          "no autorizado",
          "não autorizado",
          "non autorisé",
          "nicht autorisiert",
          "non autorizzato",
          "yetkisiz",
          // a token or key refused, unauthorized, in Traditional Chinese and Russian
          "無效的權杖",
          "未授權",
          "не авторизован",
          // authentication not passed, log in first, not authenticated, in Chinese, Japanese and
          // Korean
          "認證未通過",
          "认证未通过",
          "请先登录",
          "請先登入",
          "請先登錄",
          "ログインしてから",
          "인증되지 않",
          // credentials invalid, no token, a token disabled, sign in first, in English, Chinese and
          // Japanese
          "凭证无效",
          "憑證無效",
          "無効な認証情報",
          "認証情報が無効",
          "no token provided",
          "token status is unavailable",
          "请登录",
          "サインインしてください",
          // a token that could not be refreshed
          "token refresh failed",
          // invalid credentials, unauthorized, log in, in the corpus's languages (authentication
          // named failed: AUTH_PATTERN's AUTHENTICATION_NOUN clause)
          "identifiants aws invalides",
          "identifiants invalides",
          "несанкционированный",
          "effettua il login",
          // authorization named failed (NVIDIA NIM's 403)
          "authorization failed",
          // a token named missing
          "token is missing",
          // a key named missing in Korean, credentials named expired in Chinese
          "api 키가 누락",
          "api 키 누락",
          "憑證已過期",
          "凭证已过期",
          "凭证过期",
          // the Authorization header named in the languages that translate its name
          "cabeçalho de autorização",
          "cabecera de autorización",
          "en-tête d'autorisation",
          "intestazione di autorizzazione",
          // a key whose account was deactivated (OpenAI's account_deactivated message)
          "deactivated account",
          // a login asked for first
          "login first",
          "log in first",
          // a session expired and a login asked for again, in the corpus's languages
          "session expired",
          "session has expired",
          "sign in again",
          "登录已过期",
          "重新登录",
          "重新登入",
          "セッションの有効期限",
          "再度ログイン",
          "로그인이 필요",
          "다시 로그인",
          "сессия истекла",
          "войдите снова",
          "sesión ha caducado",
          "vuelve a iniciar sesión",
          "sessão expirou",
          "faça login novamente",
          "session a expiré",
          "vous reconnecter",
          "sitzung abgelaufen",
          "erneut anmelden",
          "oturumunuzun süresi",
          "tekrar giriş yap",
          "phiên đăng nhập đã hết hạn",
          "đăng nhập lại",
          "sesi anda telah berakhir",
          "login kembali",
          "sessione scaduta",
          "effettua di nuovo l'accesso",
          "驗證權杖",
          "認証トークン");

  // A key or token named invalid, revoked or expired in any word order and in Chinese (API Key
  // 无效, 鉴权失败, 无效的密钥), and credential failures in general words.
  // A word for a key in the apps' languages, never inside a longer word ("подключения" holds
  // "ключ", "スキーマ" holds "キー"), and the states a key is refused in (revoked, expired, disabled,
  // rejected, deleted, no
  // longer valid), for the AUTH_PATTERN clause that needs both.
  private static final String KEY_WORD =
      "(?:chave|clave|clé|chiave|schlüssel|anahtar|klucz|khóa|مفتاح|کلید|(?<![ァ-ヺ])キー(?![ァ-ヺ])|키|(?<![а-яё])ключ)";

  private static final String KEY_STATE =
      "(?:desativad|revogad|expirad|revocad|vencid|désactivée|révoquée|expirée|expirou|expiró"
          + "|no es válid|não é válid|non valid|non è valid|invalide|n'est pas valide"
          + "|n'est plus valide|ungültig"
          + "|ne marche plus|revocat|scadut|disattivat|gelöscht|widerrufen"
          + "|abgelaufen|deaktiviert|nicht mehr gültig|iptal|süresi doldu"
          + "|doğrulanamadı|odrzucon|cofnięt|wygasł|vô hiệu hóa|hết hạn|bị thu hồi"
          + "|رفض|تعطيل|منتهي|باطل|منقضی|만료|폐기|무효|失効|無効|просрочен|отозван"
          + "|недействител|відкликан|прострочен)";

  // A word for an API key in the other languages of the apps' translations (a Cyrillic one never
  // inside a longer word: "подключение" holds "ключ"; Catalan's "clau" never inside "claude"), and
  // the words that name it required, for the AUTH_PATTERN clause that needs both.
  private static final String API_KEY_NOUN =
      "(?:(?<![\\p{IsCyrillic}])(?:ключ|кључ|калит)|ključ|klíč|kľúč|nøgle|nøkkel|nyckel|võti|gakoa|avain|מפתח|कुंजी|kulcs|eochair|გასაღები|tsarut|raktas|atslēga|ਕੁੰਜੀ|cheia|விசை|ئاچقۇچ|kaliti|açar|κλειδί|\\bclau\\b|yawe|ལྡེ་མིག|কোড|چابی|مفتاح|کلید)";

  private static final String REQUIRED =
      "(?:потребан|потрібен|требуется|potreban|vyžadován|vyžadovaný|påkrævet|kreves|krävs|nõutav|beharrezkoa|vaaditaan|נדרש|आवश्यक|szükséges|ag teastáil|აუცილებელია|yessefk|būtinas|nepieciešama|ਲੋੜ|necesară|தேவை|زۆرۈر|درکار|مورد نیاز|талаб|talab|tələb|απαιτείται|necessària|gikinahanglan|དགོས|আবশ্যক|مطلوب)";

  // The authentication named as a noun, in the languages of the auth rows' clauses (German,
  // French, Spanish, Italian, Portuguese, Polish, Czech, Vietnamese, Turkish, Dutch, the
  // Scandinavian languages, Romanian, Russian, Ukrainian, Indonesian, Arabic)
  private static final String AUTHENTICATION_NOUN =
      "(?:authentifizierung|authentisierung|authentification|autenticación|autenticazione"
          + "|autenticação|uwierzytelnian\\w*|autentifikace|xác thực|kimlik doğrulama[a-zığüşöç]*"
          + "|authenticatie|autentisering\\w*|autentificare|аутентификаци[а-я]*|автентифікаці[а-яії]*"
          + "|аутентифікаці[а-яії]*|autentikasi|المصادقة)";

  static final Words AUTH_PATTERN =
      Words.of(
          // sign in, in Turkish ("Lütfen önce … oturum açın", "yeniden oturum açın"), not a new
          // session to open ("Bağlam sınırına ulaşıldı; … Yeni bir oturum açın": the window is
          // full)
          Clause.of("(?<!yeni bir )oturum açın", "oturum açın"),
          // an API key not set, not configured or not found, in Polish and English ("Brak klucza
          // API", "GEMINI_API_KEY nie jest ustawiony", "Sprawdź GEMINI_API_KEY w .env",
          // "OPENAI_API_KEY is not set", "key not set in config", LangChain's "Did not find
          // google_api_key, please add an environment variable `GOOGLE_API_KEY`")
          Clause.of(
              "brak klucza api|\\bapi[_ ]key\\b[^\\n]{0,20}?(?:nie jest ustawion|is not set|not configured)|sprawdź [a-z_]*api_key"
                  + "|\\bkey (?:is )?not (?:set|configured)\\b|\\bdid not find [a-z_]*api_key\\b",
              "brak klucza",
              "api_key",
              "api key",
              "key not",
              "key is not"),
          // …or a session cookie to update ("Failed to get session id, you may need to update the
          // SUNO_COOKIE")
          Clause.of("\\b(?:update|refresh|renew) (?:the |your )?[a-z_]*cookie\\b", "cookie"),
          // an API key named required, in the apps' languages ("مفتاح Gemini API مطلوب", "La clave
          // de API es obligatoria", "Der API-Schlüssel ist erforderlich"): the key is missing
          // (anchored on the key words: "api" alone is in most texts)
          Clause.of(
              "(?:مفتاح|clave|chave|clé|chiave|schlüssel|anahtar|klucz|khóa|کلید)[^\\n]{0,30}?\\bapi\\b[^\\n]{0,20}?(?:مطلوب|obligatori|obrigatóri|erforderlich|requerid|requis|wymagan|gerekli|bắt buộc|الزامی)",
              "مفتاح",
              "clave",
              "chave",
              "clé",
              "chiave",
              "schlüssel",
              "anahtar",
              "klucz",
              "khóa",
              "کلید"),
          // …and in the other languages of the apps' translations, the requirement before or after
          // the key ("Je vyžadován klíč OpenAI API", "OpenAI API-nøgle er påkrævet", "נדרש מפתח API
          // של OpenAI", "OpenAI API விசை தேவை"), in a text that names an API: a key alone is also
          // a JSON object's
          Clause.of(
              "(?s)^(?=.*(?:\\bapi\\b|апи)).*?(?:"
                  + API_KEY_NOUN
                  + "[^\\n]{0,30}?"
                  + REQUIRED
                  + "|"
                  + REQUIRED
                  + "[^\\n]{0,30}?"
                  + API_KEY_NOUN
                  + ")",
              "ключ",
              "кључ",
              "ključ",
              "klíč",
              "kľúč",
              "nøgle",
              "nøkkel",
              "nyckel",
              "võti",
              "gakoa",
              "avain",
              "מפתח",
              "कुंजी",
              "kulcs",
              "eochair",
              "გასაღები",
              "tsarut",
              "raktas",
              "atslēga",
              "ਕੁੰਜੀ",
              "cheia",
              "விசை",
              "ئاچقۇچ",
              "калит",
              "kaliti",
              "açar",
              "κλειδί",
              "clau",
              "yawe",
              "ལྡེ་མིག",
              "কোড",
              "چابی",
              "مفتاح",
              "کلید"),
          // a credential named wrong in other words: a user token invalid, a virtual key expected,
          // an organisation
          // that does not match the key or does not exist, a credential only for another client, a
          // JWT or an SSO session expired,
          // a key of another provider, a signature that does not match, no credentials found
          // (Hugging Face's "Invalid user
          // token", "The organization … does not match the organization associated with the API
          // key", "署名が一致しません")
          Clause.literals(
              "invalid user token",
              "virtual key expected",
              "does not match the organization associated",
              "no such organization",
              "only authorized for use with",
              "jwt expired",
              "sso session",
              "wrong api key format",
              "未检测到凭证",
              "署名が一致しません",
              "서명이 일치하지",
              "falta el encabezado authorization",
              "pertenece a otro proveedor",
              "учётные данные не найдены",
              "セッションが無効"),
          // a gateway's virtual key named invalid, expired, inactive or missing, a JWT expired or
          // not verified (Bifrost's "virtual key is required but was not provided", Portkey's,
          // Kong's "Jwt is expired")
          Clause.literals(
              "virtual key provided is invalid",
              "virtual key is inactive",
              "virtual key is required",
              "jwt is expired",
              "jwt verification fails"),
          // a token named bad or missing, an HMAC signature not verified ("Forbidden: Bad or
          // missing API token")
          Clause.literals("bad or missing api token", "hmac signature cannot be verified"),
          // a key named revoked, expired, disabled or refused, in the apps' languages, either way
          // round ("La chiave è stata revocata dal provider", "Klucz API odrzucony przez serwer",
          // "کلید API باطل شده است", "발급받은 키가 만료됐어요", "رفض الخادم المفتاح المُدخل"); a
          // bare key word alone is not enough, since it also names a JSON object's key
          Clause.of(
              KEY_WORD + "[^\\n]{0,40}?" + KEY_STATE + "|" + KEY_STATE + "[^\\n]{0,30}?" + KEY_WORD,
              "chave",
              "clave",
              "clé",
              "chiave",
              "schlüssel",
              "anahtar",
              "klucz",
              "khóa",
              "مفتاح",
              "کلید",
              "キー",
              "키",
              "ключ"),
          // a key named disabled, in English and the apps' languages ("A chave de API foi
          // desativada pelo administrador")
          Clause.of(
              "(?:api key|api-key|chave de api|clave de api|clé api|api-schlüssel|chiave api|api 密钥|api キー"
                  + "|api 키|api-ключ)[^\\n]{0,30}?(?:disabled|desativad|desactivad|désactivée|deaktiviert"
                  + "|disattivat|已禁用|被禁用|無効化|비활성화|отключ)",
              "api"),
          // a key named missing as a required setting ("OpenAI missing required apiKey")
          Clause.of("\\bmissing (?:required )?(?:api[ _-]?key|apikey)\\b", "missing"),
          // an OAuth token expired or revoked (Google's RefreshError "invalid_grant: Token has been
          // expired or revoked."), a credential chain that gave no token (Azure's
          // "DefaultAzureCredential failed to retrieve a token")
          Clause.literals(
              "expired or revoked",
              // an ephemeral secret for a session ("The ephemeral client secret has expired"), no
              // authentication found (Higress's "No Key Authentication information found")
              "secret has expired",
              "authentication information",
              "access token missing",
              "failed to retrieve a token",
              // Microsoft Entra ID's sign-in errors ("AADSTS7000215: Invalid client secret
              // provided.")
              "aadsts",
              "invalid client secret"),
          Clause.of(
              "\\b(?:api[ _-]?key|apikey|access[ _]token|auth[ _]token"
                  + "|bearer token)\\b[ \\t]*(?:is[ \\t]*)?"
                  + "(?:无效|错误|已失效|失效|不正确|非法|已过期|过期|(?:invalid|revoked|disabled|not valid"
                  + "|has been revoked|has been disabled)\\b)",
              "key",
              "access token",
              "access_token",
              "auth token",
              "auth_token",
              "bearer token"),
          Clause.of(
              "(?:\\b(?:key|token)|密钥|令牌)\\s*(?:无效|错误|已失效|失效|不正确|非法|已过期|验证失败|校验失败|认证失败)"
                  + "|\\bkey\\b\\s*(?:is\\s+|has been\\s+|was\\s+)?"
                  + "(?:invalid|expired|revoked|disabled|deactivated)\\b",
              "key",
              "token",
              "密钥",
              "令牌"),
          Clause.of("\\brequest signature\\b", "request signature"),
          // a key named wrong, missing or expired, in Russian, Ukrainian, Turkish, Arabic, Czech
          // and Polish (LibreChat's and Lobe's translations: "Предоставлен некорректный ключ",
          // "Ключ не знайдено", "Sağlanan anahtar geçersiz", "انتهت صلاحية المفتاح", "klíč …
          // vypršel")
          Clause.of(
              "некорректный ключ|неверный ключ|ключ не знайдено|ключ не найден|недійсний ключ"
                  + "|anahtar(?:ı)? geçersiz|صلاحية المفتاح|المفتاح غير صالح|klíč[^\\n]{0,20}?vypršel"
                  + "|neplatný klíč|nieprawidłowy klucz|klucz[^\\n]{0,20}?wygasł",
              "ключ",
              "anahtar",
              "المفتاح",
              "klíč",
              "klucz"),
          // a web session's cookies named wrong (unofficial clients: "an error in cookie values.
          // Please double-check the cookie values"), DeepL's auth_key, an authorization named
          // failed in Portuguese and Spanish ("Autorização falhou. Forneça um parâmetro auth_key
          // válido")
          Clause.of(
              "\\bcookie values\\b|\\bauth_key\\b|autoriza(?:ção|ción) (?:falhou|fallida)",
              "cookie values",
              "auth_key",
              "autoriza"),
          // no key at all ("No key found. Please provide a key and try again.")
          Clause.of(
              "\\bno key (?:was )?(?:found|provided|given|set)\\b|\\bprovide (?:a|your) key\\b",
              "no key",
              "provide"),
          Clause.of(
              "\\binvalid (?:api[ _-]?key|apikey|access token|bearer token|auth token|refresh token)\\b",
              "invalid"),
          // a key of some kind named invalid ("Invalid admin key", "Invalid GCP service account
          // JSON key"), not a value for a key or a key in a document
          Clause.of(
              "\\binvalid (?:(?!for\\b|of\\b|in\\b|value\\b)[a-z]+ ){1,4}key\\b(?! (?:in|for|of|name)\\b)",
              "invalid"),
          // the key named invalid, in Japanese, Korean, Russian, Spanish, Portuguese, French,
          // German,
          // Vietnamese, Turkish, Indonesian; the authentication or authorisation named failed in
          // Japanese, Korean and Russian (the other languages: the clause after it)
          Clause.of(
              "(?:api ?キー|api 키|api-ключ|ключ api|clave (?:de )?api|chave (?:de )?api|clé api"
                  + "|api-schlüssel"
                  + "|khóa api|api anahtarı|kunci api)[^\\n]{0,12}?(?:無効|유효하지|неверн|недействительн"
                  + "|no válida|inválid|invalide|ungültig|không hợp lệ|geçersiz|tidak valid)"
                  + "|(?:無効な|неверный|недействительный|ungültiger|geçersiz)\\s*(?:api|ключ)"
                  + "|(?:유효하지 않은|잘못된)\\s*api ?키"
                  + "|kunci api[^\\n]{0,30}?\\b(?:salah|tidak sah)\\b"
                  + "|認証に失敗|인증에 실패|ошибка авторизации",
              "キー",
              "키",
              "ключ",
              "clave",
              "chave",
              "clé",
              "schlüssel",
              "khóa",
              "anahtar",
              "kunci",
              "認証",
              "인증",
              "ошибка"),
          // the authentication named failed, in German, French,
          // Spanish, Italian, Portuguese, Polish, Czech, Vietnamese, Turkish, Dutch, Swedish and
          // Norwegian, Romanian, Russian, Ukrainian, Indonesian and Arabic, with the provider or
          // the API named between ("Authentifizierung beim Anbieter fehlgeschlagen", "Falló la
          // autenticación de la API de Cerebras", "Erreur d'authentification auprès du
          // fournisseur", "Błąd uwierzytelniania", "Không thể xác thực với nhà cung cấp")
          Clause.of(
              AUTHENTICATION_NOUN
                  + "[^\\n]{0,40}?(?:fehlgeschlagen|gescheitert|échoué|échec|falló|fallida|fallido"
                  + "|fallita|non riuscita|falhou|nie powiodło się|nieudane|selhala|selhalo|thất bại"
                  + "|hatası|başarısız|mislukt|misslyckades|mislyktes|eșuată|eșuat|не удалась"
                  + "|не вдалася|gagal|فشل)"
                  + "|(?:erreur|error|errore|erro|błąd|chyba|(?<!xin )lỗi|fout|fel|feil|eroare|ошибка"
                  + "|помилка|kesalahan|خطأ|échec|falha|fallo|falló|fracasó|không thể|فشل)[^\\n]{0,20}?"
                  + AUTHENTICATION_NOUN,
              "authenti",
              "autenti",
              "uwierzytelnian",
              "xác thực",
              "kimlik doğrulama",
              "аутентифікац",
              "аутентификац",
              "автентифікац",
              "المصادقة"),
          Clause.of("(?:无效|错误|非法|过期)的\\s*(?:api[ _-]?key|key|密钥|令牌|token)", "的"),
          // a provider's or subscription's key named invalid ("无效的Azure订阅密钥")
          Clause.of("(?:无效|错误|非法|过期)的\\s*[a-z0-9 ]{1,20}?(?:订阅)?(?:密钥|令牌)", "的"),
          Clause.of(
              "(?<!\\b(?:model|endpoint) [\\w.:/-]{0,40})(?:\\b|(?<=_))(?:api[ _-]?key|apikey)\\b[^\\n]{0,40}?\\b(?:must be set"
                  + "|not set"
                  + "|is required"
                  // (not an app's guess that offers another cause: "API key not provided or OpenAI
                  // Server Error!")
                  + "|must be passed|must be provided|not provided(?! or\\b)|is missing|missing"
                  + "|does not exist"
                  + "|does not exist|not found)\\b",
              "key"),
          // a token named expired or invalid in any words ("The security token included in the
          // request is expired"), and in Japanese, Korean, Persian, Russian, German, Vietnamese,
          // Turkish, Indonesian, Portuguese, Spanish, French
          Clause.of(
              "\\btoken\\b[^\\n]{0,40}?\\b(?:(?:is|has) expired|(?:has been|was) (?:invalidated"
                  + "|revoked))\\b",
              "expired",
              "invalidated",
              "revoked"),
          // (anchored on the words for expired or invalid, rarer than the word token); never the
          // tokens a model counts ("max_tokens no válido", "トークン数", "토큰 수", "токенов")
          Clause.of(
              "(?:(?<![_\\d])(?:token|jeton)(?!s)|トークン(?!数)|토큰(?!\\s*수)|توکن|токен(?!ов))[^\\n]{0,30}?"
                  + "(?:有効期限|無効|만료|유효하지"
                  + "|منقضی|نامعتبر|истёк|истек|недействител|невер|abgelaufen|ungültig|hết hạn"
                  + "|không hợp lệ|süresi dol|geçersiz|kedaluwarsa|tidak valid|expirou|expirado|expiró"
                  + "|inválid|no válid|invalide|expiré|scadut|отозван|révoqué|widerrufen|iptal edil"
                  + "|thu hồi|dicabut|revocat|見つかりません|取り消)",
              "scadut",
              "отозван",
              "révoqué",
              "widerrufen",
              "iptal edil",
              "thu hồi",
              "dicabut",
              "revocat",
              "見つかりません",
              "取り消",
              "有効期限",
              "無効",
              "만료",
              "유효하지",
              "منقضی",
              "نامعتبر",
              "истёк",
              "истек",
              "недействител",
              "невер",
              "abgelaufen",
              "ungültig",
              "hết hạn",
              "không hợp lệ",
              "süresi dol",
              "geçersiz",
              "kedaluwarsa",
              "tidak valid",
              "expirou",
              "expirado",
              "expiró",
              "inválid",
              "no válid",
              "invalide",
              "expiré"),
          Clause.of(
              "(?:недействительный|неверный|ungültiges|geçersiz|無効な)\\s*(?:токен|token|トークン)",
              "недействительный",
              "неверный",
              "ungültiges",
              "geçersiz",
              "無効な"),
          Clause.of(
              "\\b(?:no|missing|bad) (?:api[ _-]?key|credentials|bearer token|access token"
                  + "|auth token)\\b",
              "key",
              "credentials",
              "token"),
          // the key or the header carrying it named wrong in any form ("The API key format is
          // incorrect", "auth header format should be Bearer …")
          Clause.of(
              "\\b(?:api[ _-]?key|apikey|access token|auth(?:orization)? header"
                  + "|credentials)\\b[^\\n,;]{0,30}?"
                  + "\\b(?:is |are )?(?:incorrect|invalid|malformed|wrong|not valid|required)\\b"
                  + "|\\bprovide (?:a |your )?valid (?:api[ _-]?key|credentials|token)\\b"
                  + "|\\bauth(?:orization)? header format\\b",
              "api key",
              "api_key",
              "api-key",
              "apikey",
              "access token",
              "auth header",
              "authorization header",
              "credentials",
              "provide a valid",
              "provide your valid",
              "provide valid"),
          Clause.of(
              "(?<!found )\\binvalid (?:api |access |auth |oauth |bearer |github |copilot |hf |session |refresh "
                  + "|jwt |personal access )?token\\b(?! count)",
              "invalid"),
          Clause.of(
              "(?:api[ _-]?key|密钥|令牌)\\s*(?:不存在|未提供|缺失)|未提供\\s*(?:api[ _-]?key|密钥|令牌)",
              "key",
              "密钥",
              "令牌"),
          Clause.of("鉴权失败|认证失败|授权失败", "失败"),
          Clause.of("invalid credentials|incorrect credentials", "credentials"),
          // no credentials configured for the provider ("No valid model provider credentials
          // found")
          Clause.of("\\bno valid (?:[a-z]+ ){0,3}credentials\\b", "credentials"),
          Clause.literals("authentication required"),
          // the authorization header missing, a token that "seems invalid", a valid token required
          Clause.of(
              "\\bmissing (?:the )?authorization header\\b"
                  + "|\\bauthorization header (?:is )?(?:missing|required)\\b|\\b(?:token"
                  + "|key)\\b (?:seems|appears|looks)(?: to be)? (?:invalid|expired|wrong|incorrect)\\b"
                  + "|\\bvalid (?:user |api |access |auth )?(?:token|key) is required\\b",
              "authorization header",
              "seems",
              "appears",
              "looks",
              "is required"),
          // a request signature refused (Baichuan "Invalid Signature parameter", 签名验证失败)
          Clause.of(
              "\\binvalid signature\\b(?! in (?:the )?thinking block)|\\bsignature (?:is )?(?:invalid|mismatch|does not match"
                  + "|verification failed)\\b|签名(?:验证|校验)?(?:失败|错误|无效|不正确|不匹配)",
              "signature",
              "签名"),
          // a token named expired, in Spanish, Portuguese, French, German, Italian, Indonesian,
          // Turkish, Vietnamese
          Clause.of(
              "\\btoken\\b[^\\n]{0,20}?(?:caducad|expirad|expirou|expiré|abgelaufen|scadut"
                  + "|kedaluwarsa|hết hạn)|belirte[^\\n]{0,20}?süresi doldu"
                  + "|mã thông báo[^\\n]{0,20}?hết hạn",
              "caducad",
              "expirad",
              "expirou",
              "expiré",
              "abgelaufen",
              "scadut",
              "kedaluwarsa",
              "hết hạn",
              "süresi doldu"),
          // a request signature that failed verification, in the corpus's languages
          Clause.of(
              "署名の検証に失敗|서명 검증에 실패|проверить подпись|verificación de la firma"
                  + "|verificação da assinatura|vérification de la signature|signaturprüfung",
              "署名",
              "서명",
              "подпись",
              "firma",
              "assinatura",
              "signature",
              "signaturprüfung"),
          // an access key or API key named as not existing ("ak is not exist")
          Clause.of(
              "\\b(?:ak|sk|api[ _-]?key|access[ _]key|secret[ _]key)\\b (?:is )?(?:not exists?"
                  + "|does not exist)\\b",
              "exist"),
          // the Authorization header named missing or malformed, in the corpus's languages: the
          // key's carrier
          Clause.of(
              "\\bauthorization\\b[^\\n]{0,12}?(?:header|ヘッダー|헤더|başlığı|字段|欄位|头)|(?:header|en-tête|cabecera|cabeçalho|intestazione|tiêu đề|заголов[а-я]*|请求头|請求標頭)[^\\n]{0,20}?\\bauthorization\\b|\\bauthorization-header",
              "authorization"),
          // a key named revoked, expired or no longer valid, in Japanese, Korean, Russian, Spanish,
          // Portuguese, French, German, Turkish, Italian
          Clause.of(
              "(?:キー|키가|ключ|clave|credencial|clé|schlüssel|anahtar|chiave)[^\\n]{0,40}?(?:取り消|폐기|не действует|expiró|revogad|n'est plus valide|abgelaufen|süresi dol|scadut)",
              "取り消",
              "폐기",
              "не действует",
              "expiró",
              "revogad",
              "n'est plus valide",
              "abgelaufen",
              "süresi dol",
              "scadut"));

  // A model still loading, said as the whole message, or as a field's whole value in a body quoted
  // whole (llama.cpp's 503 {"message":"Loading model","type":"unavailable_error"} while it warms
  // up: the wording holds a quoted message's value on a line of its own), not a load that failed
  // ("Error
  // loading model") (row transient.overloaded).
  static final Words MODEL_WARMING_UP =
      Words.of(Clause.of("(?m)^\"?loading model\\.?(?:\"|$)", "loading model"));

  static final Set<String> PERMISSION_CODES =
      Set.of(
          "accessdeniedexception",
          "permission_denied_error",
          "request_forbidden",
          "unsupported_country_region_territory",
          "model.accessdenied",
          "1220",
          "1311",
          // LiteLLM proxy: the key may not use this model
          "key_model_access_denied",
          // OAuth 2.0 bearer tokens (RFC 6750 §3.1): the token lacks the scope
          "insufficient_scope",
          // Tencent Cloud API 3.0: the key may not perform the action
          "unauthorizedoperation",
          "authfailure.unauthorizedoperation",
          // FastChat NO_PERMISSION
          "40103",
          // Volcengine Ark: the account has not activated the model ("ModelNotOpen: Your account
          // … has not activated the model doubao-seed-1-6")
          "modelnotopen");

  static final List<String> PERMISSION_WORDING =
      List.of(
          // access named forbidden ("Upstream access forbidden, please contact administrator")
          "access forbidden",
          // access withheld from the caller: by region in Persian, from the account in Chinese and
          // Italian, by the organization, a gateway's ACL, a database role ("این سرویس در منطقه شما
          // در دسترس نیست", "此模型目前不開放給您的帳號使用", "Non hai i permessi", "Your organization has
          // restricted access", Kong's "You cannot consume this service", Snowflake's "Insufficient
          // privileges to operate on function")
          "در منطقه شما",
          "不開放給您",
          "不开放给您",
          "non hai i permessi",
          "has restricted access",
          "cannot consume this service",
          "insufficient privileges",
          // …or by a workspace's settings, a CDN's block page, the region in Chinese and Japanese
          // ("This workspace does not allow you to use the selected model", Cloudflare's "Sorry,
          // you have been blocked", "暂不支持当前地区访问", "このリージョンではご利用いただけません")
          "does not allow you to use",
          "sorry, you have been blocked",
          "当前地区",
          "このリージョンでは",
          // OpenAI's code for a country it does not serve, read as words
          // ("unsupported_country_region_territory")
          "unsupported country",
          // an IP not on the project's list ("Your IP address … is not in the list of allowed IP
          // addresses for this project")
          "list of allowed ip",
          // OpenAI's invalid_organization ("You do not have access to the organization tied to the
          // API key.")
          "access to the organization",
          // OpenAI's key without the role or scope ("You have insufficient permissions for this
          // operation. Missing scopes: model.request.")
          "insufficient permissions",
          "missing scopes",
          // not allowed to sample from the model (OpenAI), a region not served (in Chinese:
          // "当前地区", above)
          "not allowed to sample from",
          "location is not supported",
          "not available in your country",
          "not available in your region",
          "region, or territory not supported",
          "do not have access to the model",
          "access to this model",
          // a plan or a tier that does not cover the model (NovelAI's 409 "Not eligible for this
          // model.")
          "not eligible for this model",
          // a network held back as a suspected bot ("We've detected unusual traffic from your
          // network, so Coze is temporarily unavailable")
          "unusual traffic",
          // not offered where the user lives, in Japanese (Gemini's "無料枠は、お住まいの国ではご利用いただけません")
          "お住まいの国",
          "お住まいの地域",
          "not allowed to access model",
          "您无权访问",
          "已被锁定",
          "access denied",
          "access is denied",
          "permission denied",
          // Google's PERMISSION_DENIED messages
          "does not have permission",
          // OpenAI's dashboard endpoints, which take only a browser session key
          "with a session key",
          "denied access",
          "do not have access to the requested",
          "do not have permission to use",
          // no access to the model or the service, in Japanese, Korean, Persian, Russian, Spanish,
          // Portuguese, French, German, Vietnamese, Turkish, Indonesian
          "アクセス権がありません",
          "権限がありません",
          "권한이 없",
          "دسترسی ندارد",
          "нет доступа",
          "доступ запрещ",
          "no tiene acceso",
          "no tienes acceso",
          "não tem acesso",
          "não tem permissão",
          "n'avez pas accès",
          "accès refusé",
          "keinen zugriff",
          "zugriff verweigert",
          "không có quyền",
          "erişim izniniz yok",
          "erişim reddedildi",
          "tidak memiliki akses",
          // an OAuth scope the token lacks (GigaChat "scope from db not fully includes consumed
          // scope")
          "insufficient scope",
          "consumed scope",
          // access refused, in Traditional Chinese, Italian, Thai, Arabic, Persian, Polish, Dutch,
          // Ukrainian, Japanese, Korean, Indonesian
          "無權",
          "沒有權限",
          "權限不足",
          "拒絕存取",
          "accesso negato",
          "non hai accesso",
          "ไม่มีสิทธิ์",
          "ليس لديك صلاحية",
          "تم رفض الوصول",
          "دسترسی ندارید",
          "دسترسی رد شد",
          "odmowa dostępu",
          "toegang geweigerd",
          "немає доступу",
          "доступ заборонено",
          "アクセスが拒否",
          "접근이 거부",
          "akses ditolak",
          // an organization to verify, a model not offered to the account, too few permissions
          "must be verified",
          // a phone number or a CAPTCHA to pass before the account may go on ("You must verify a
          // phone number before continuing.", Clerk's "CAPTCHA verification is required")
          "verify a phone number",
          "captcha",
          "not available for this account",
          "not available for your account",
          "not have enough permissions",
          // a service not activated for the account, a region it is not offered in (Chinese,
          // Italian)
          "未开通",
          "未開通",
          "地区不支持",
          "地區不支援",
          "区域不支持",
          "所在地区",
          "permesso negato",
          // a service or model unavailable in the user's region, in Chinese and Korean
          "地区不可用",
          "地區不可用",
          "所在的地区",
          "所在的地區",
          "지역에서 사용할 수 없",
          // an IP address outside a key's allowed list or network, in Chinese
          "允许访问的列表",
          "指定网段",
          // a permission named denied
          "permission was denied",
          // no permission, in Italian
          "non hai il permesso",
          // a model unavailable in the caller's region (Snowflake Cortex)
          "unavailable in your region",
          // a seat or entitlement the user lacks (Gemini Code Assist "request an entitlement")
          "entitlement",
          "must be a named user",
          // a refusal on legal grounds (HTTP 451's reason phrase), access refused or forbidden, in
          // Chinese
          "unavailable for legal reasons",
          "拒绝访问",
          "禁止访问",
          "access blocked",
          // a model or an operation the account is not authorized for (Bedrock "Operation not
          // allowed")
          "not authorized",
          "operation not allowed",
          // a model or feature kept for other plans or accounts
          "only available to",
          // a plan or subscription that does not include access to the model, in the corpus's
          // languages
          "no incluye acceso",
          "non include l'accesso",
          "não inclui acesso",
          "ne donne pas accès",
          "erişim izni vermiyor",
          "未開放此模型",
          "未开放此模型",
          "does not include access",
          // access restricted by geography
          "access restricted",
          "geographic");

  // Terms, a licence or an agreement to accept before the model may be used ("User has not agreed
  // to Llama3.2 model terms", "User must accept ToS").
  static final Words TERMS_PATTERN =
      Words.of(
          Clause.of(
              "\\b(?:not agreed to|must (?:first )?accept|(?:has|have) not accepted|need to accept"
                  + "|must agree to)\\b[^\\n]{0,60}?\\b(?:terms|tos|licen[cs]e|agreement|eula|conditions)\\b",
              "agree",
              "accept"));

  // Use of the model or service refused to this account, project or key, in any phrasing: "not
  // allowed to use", "is not permitted to access", an account suspended, locked, banned or
  // disabled (not for want of money: the account rows read that first), 无权/权限不足/已被封禁.
  static final Words PERMISSION_PATTERN =
      Words.of(
          // a named permission denied on a resource, quoted or not (Google's IAM: "Permission
          // 'aiplatform.endpoints.predict' denied on resource …")
          Clause.of(
              "\\bpermission (?:" + QUOTED_ID + "|[a-z][\\w-]*(?:\\.[\\w-]+)+) denied\\b",
              "permission"),
          // access named denied with the service or the API named between, in English and the
          // corpus's languages ("Access to the Amazon Bedrock service denied", "Zugriff auf den
          // Amazon Bedrock-Dienst verweigert", "Acceso denegado al servicio de Amazon Bedrock",
          // "Truy cập API Cerebras bị từ chối"); a key named invalid beside it is read first by the
          // auth rows
          Clause.of(
              "(?:\\baccess|zugriff|acceso|accès|accesso|acesso|dostęp|erişim|доступ|접근|액세스|アクセス"
                  + "|truy cập|\\bakses|toegang|přístup|åtkomst)[^\\n]{0,40}?(?:\\bdenied|verweigert"
                  + "|denegado|refusé|negato|negado|odmówiony|reddedildi|запрещ|отказано|거부|拒否"
                  + "|bị từ chối|ditolak|geweigerd|odepřen|nekad)"
                  + "|(?:denegado|refusé|negado|odmowa|отказано в|bị từ chối|ditolak|geweigerd)[^\\n]{0,20}?"
                  + "(?:acceso|accès|accesso|acesso|dostęp|доступ|truy cập|akses|toegang)",
              "access",
              "zugriff",
              "acceso",
              "accès",
              "acesso",
              "dostęp",
              "erişim",
              "доступ",
              "접근",
              "액세스",
              "アクセス",
              "truy cập",
              "akses",
              "toegang",
              "přístup",
              "åtkomst"),
          // (a capability not enabled for this model or this completion is the request's: "Vision
          // is not enabled for this model")
          Clause.of(
              "\\bnot (?:allowed|authori[sz]ed|permitted|entitled) (?:to|for) "
                  + "(?:use|access|call|invoke|this|generate|create|run|your)\\b"
                  + "|\\bnot enabled (?:to|for) (?:use|access|call|invoke|this(?! (?:model|completion|request)\\b)"
                  + "|generate|create|run|your)\\b",
              "not allowed",
              "not authori",
              "not permitted",
              "not entitled",
              "not enabled"),
          // an account, a user or an organisation suspended, locked or banned, in one sentence
          Clause.of(
              "\\b(?:account|user id|user|organization|org|team|project)\\b(?:(?!\\. )[^\\n]){0,60}?"
                  + "\\b(?:is|has been|was|temporarily is)\\s+(?:suspended|locked|banned|disabled"
                  + "|deactivated|blocked|restricted|deleted)\\b"
                  + "|\\blocked your account\\b",
              "suspended",
              "locked",
              "banned",
              "disabled",
              "deactivated",
              "restricted",
              "deleted"),
          // an account's traffic flagged ("Our systems have detected unusual activity from your
          // system")
          Clause.literals("unusual activity"),
          // an account named suspended in a terse line ("account suspended")
          Clause.of("\\baccount (?:suspended|banned|disabled|deactivated|locked)\\b", "account "),
          // a service suspended by its host (Render's "This service has been suspended."), a
          // request blocked that the provider allows may be a mistake (Cody Gateway's "request
          // blocked - if you think this is a mistake, please contact support")
          Clause.of(
              "\\bservice has been suspended\\b|\\bblocked\\b[^\\n]{0,60}?\\bif you (?:think|believe) this "
                  + "(?:is|was) a mistake\\b",
              "suspended",
              "mistake"),
          // access or an account ended by the provider ("Your access was terminated due to
          // violation of our policies"): read before the content rows; in one sentence (not
          // "Account: team-a. Prompt was blocked: PROHIBITED_CONTENT.")
          Clause.of(
              "\\b(?:access|account|api access)\\b(?:(?!\\. )[^\\n]){0,20}?\\b(?:was|has been|is) (?:terminated"
                  + "|revoked|restricted|blocked)\\b"
                  + "|\\baccess terminated\\b",
              "terminated",
              "revoked",
              "restricted",
              "blocked"),
          // a plan or trial that does not include the model ("Dify Hosted OpenAI trial currently
          // not support the GPT-4 model")
          Clause.of(
              "\\b(?:trial|plan|tier|subscription)\\b[^\\n]{0,30}?\\b(?:does not"
                  + "|currently not|not) support\\b",
              "support"),
          // access to a model named denied ("Access to model art://yandex-art/latest denied")
          Clause.of("\\baccess to (?:the )?model\\b[^\\n]{0,80}?\\bdenied\\b", "denied"),
          // an account banned or suspended, in Portuguese, Spanish, French, German, Russian,
          // Japanese, Korean
          Clause.of(
              "(?:usuário|usuario|utilisateur|benutzer|conta |cuenta|compte|konto)[^\\n]{0,20}?"
                  + "(?:banid|bloquead|suspens|suspendid|suspendu|gesperrt|banni)"
                  + "|(?:аккаунт|учетн|учётн|пользовател|ключ)[^\\n]{0,20}?заблокирован"
                  + "|アカウントが(?:停止|凍結)|계정이 (?:정지|차단)",
              "usuário",
              "usuario",
              "utilisateur",
              "benutzer",
              "conta ",
              "cuenta",
              "compte",
              "konto",
              "аккаунт",
              "учетн",
              "учётн",
              "пользовател",
              "ключ",
              "アカウント",
              "계정"),
          Clause.of(
              "没有[^\\n]{0,8}?授权|授权错误|无权|没有权限|无[^\\n]{0,4}?权限|权限不足|已被封禁|已被禁用|已被冻结|账号被封|账户被封|已被停用"
                  + "|(?<!模型[^\\n]{0,40})已停用"
                  // in Traditional Chinese: an account suspended, access blocked (not content
                  // blocked for safety: 內容…已被封鎖)
                  + "|停權|(?<!內容[^\\n]{0,20})已被封鎖",
              "授权",
              "无权",
              "权限",
              "已被",
              "被封",
              "停用",
              "停權",
              "封鎖"),
          // a key or tier usable only from a given client ("OpenCode's free tier can only be used
          // from within OpenCode")
          Clause.of(
              "\\bcan only be used (?:from|within|inside|in|with|by|through|via)\\b",
              "only be used"));

  static final Set<String> CONTEXT_CODES =
      Set.of(
          "context_length_exceeded",
          "contextwindowexceedederror",
          "exceed_context_size_error",
          "1261",
          // the "too long" family of relay and gateway codes (Qianfan tokens_too_long,
          // characters_too_long)
          "tokens_too_long",
          "characters_too_long",
          "prompt_too_long",
          "input_too_long",
          "context_window_exceeded",
          // OpenAI's embeddings: the tokens of one request over the cap ("Requested 319487 tokens,
          // max 300000 tokens per request")
          "max_tokens_per_request",
          // FastChat CONTEXT_OVERFLOW
          "40303");

  // The context window named, in the corpus's languages: a limit reached there is the window's, not
  // an account's cap ("Claude a atteint la limite de la fenêtre de contexte du modèle"). The first
  // entries of CONTEXT_WORDING.
  static final List<String> CONTEXT_WINDOW_NAMED =
      List.of(
          // a chat at its length limit, the context window, in Japanese and Arabic ("このチャットは長さの上限に
          // 達しました", "أطول من نافذة السياق")
          "長さの上限",
          "نافذة السياق",
          // the context's length, in Japanese ("コンテキスト長の上限に達しました")
          "コンテキスト長",
          // the conversation's length, in Chinese ("对话长度已达上限，请开启新会话")
          "对话长度",
          "對話長度",
          "context window",
          "ventana de contexto",
          "janela de contexto",
          "fenêtre de contexte",
          "kontextfenster",
          "finestra di contesto",
          "上下文窗口",
          "コンテキストウィンドウ",
          // the context limit, named: a window, not an account's cap ("Превышен лимит контекста")
          "context limit",
          "上下文限制",
          "лимит контекста",
          "ліміт контексту",
          "limite de contexte",
          "límite de contexto",
          "limite de contexto",
          "kontextlimit",
          "limite di contesto",
          "コンテキスト制限",
          "컨텍스트 한도",
          "컨텍스트 제한",
          // the context limit named, in Vietnamese and Indonesian
          "giới hạn ngữ cảnh",
          "batas konteks",
          // the model's context size or token limit, in Russian ("превышен максимальный размер
          // контекста модели", "Превышен лимит токенов модели: 9000 из 8192")
          "размер контекста",
          "лимит токенов модели",
          // …and in Polish ("przekracza maksymalny rozmiar kontekstu modelu"), the model's maximum
          // length in Chinese ("输入文本长度超过模型最大长度 512 tokens")
          "rozmiar kontekstu",
          "模型最大长度",
          // the context's size, named as the limit reached, in French, Spanish, Portuguese and
          // Italian ("Cette conversation atteint la limite de mémoire de l'IA … (appelée taille du
          // contexte)"), and the model's processing limit in Japanese ("会話履歴がモデルの処理限界を
          // 超えました")
          "taille du contexte",
          "tamaño del contexto",
          "tamanho do contexto",
          "dimensione del contesto",
          "モデルの処理限界");

  static final List<String> CONTEXT_WORDING =
      concat(
          CONTEXT_WINDOW_NAMED,
          // the input's tokens named over the model's limit, in Japanese, Korean, German, French,
          // Portuguese and Spanish ("入力トークン数 (210,000) がモデルの上限", "입력 토큰 수", "Die Anzahl
          // der Eingabetoken", "Le nombre de jetons", "128000 tokens de contexto", "el
          // modelo admite como máximo 128.000")
          "入力トークン数",
          "입력 토큰 수",
          // Apple's Foundation Models framework
          // (LanguageModelSession.GenerationError.exceededContextWindowSize)
          "exceededcontextwindowsize",
          "eingabetoken",
          "nombre de jetons",
          "tokens de contexto",
          "el modelo admite como máximo",
          // the tokens over what a message may hold, in English ("Total tokens of image and text
          // exceed max message
          // tokens", "Number of input tokens must be no more than 8192")
          "exceed max message tokens",
          "input tokens must be no more than",
          // OpenAI's code, also with the space an app's formatting put in it ("context_
          // length_exceeded")
          "length_exceeded",
          "context length",
          "context size",
          "prompt is too long",
          "input is too long",
          "too many tokens",
          "exceeds the maximum number of tokens",
          "reduce the length of the messages",
          "model token limit",
          "too large for model",
          // TGI validation (https://huggingface.github.io/text-generation-inference/)
          "tokens + `max_new_tokens` must be <=",
          // watsonx's count of the input and its prefix against the window ("input tokens (35000)
          // plus prefix length (0) must be < 4096")
          "plus prefix length",
          "`inputs` must have less than",
          "exceeds the available context",
          "range of input length",
          "prompt exceeds",
          "maximum allowed length",
          "exceeds the maximum length",
          "max_seq_len",
          "cannot truncate to",
          "超长",
          "上下文长度",
          "超出最大长度",
          "超过最大长度",
          "输入过长",
          "输入长度超过",
          // the input's cap named as such ("the max input characters is …", "maximum input
          // length"), the model's window in other words
          "max input",
          "maximum input",
          "input limit",
          "最大上下文",
          "长度超过限制",
          "超出模型",
          "context overflow",
          "too long for model",
          "too long for the model",
          "too long for this model",
          "token length too long",
          // the window overflowed, in Traditional Chinese, Italian, Indonesian, Polish, Dutch
          "輸入過長",
          "內容過長",
          "訊息過長",
          "提示詞過長",
          "上下文長度",
          "超出最大長度",
          "超過最大長度",
          "超出上下文",
          "lunghezza massima del contesto",
          "contesto troppo lungo",
          "panjang konteks",
          "długość kontekstu",
          "contextlengte",
          // the prompt's cap named
          "maximum prompt length",
          "max prompt length",
          // the conversation's or message's length limit (Claude's "exceed the length limit for
          // this chat"), in English, Japanese, German
          "length limit for this chat",
          "exceed the length limit",
          "exceeds the length limit",
          "長さ制限を超え",
          "文字制限を超え",
          "文字数制限を超え",
          "längenlimit",
          // llama.cpp's and LM Studio's window
          "cannot truncate prompt",
          // vLLM: the decoder prompt named longer than the model's length
          "prompt (length",
          // Claude Code: the context left is below the output floor ("availableContext 843 is less
          // than FLOOR_OUTPUT_TOKENS 3000")
          "availablecontext",
          "floor_output_tokens",
          // a token limit named exceeded, in Chinese
          "超出token限制",
          "超过token限制",
          // the context window named, in Turkish, Vietnamese, Indonesian, Russian, Korean and
          // Traditional Chinese; a context used up or that the prompt does not fit (Chinese,
          // Japanese)
          "bağlam pencere",
          "cửa sổ ngữ cảnh",
          "jendela konteks",
          "контекстное окно",
          "контекстного окна",
          "컨텍스트 창",
          "上下文視窗",
          "上下文空間",
          "上下文空间",
          "コンテキストに収ま",
          // the context named as a range, a capacity or a length the text overflows, in Chinese,
          // Japanese, Spanish, Vietnamese, Italian
          "上下文范围",
          "上下文容量",
          "文脈の長さ",
          "cabe en mi contexto",
          "giới hạn context",
          "quá ngữ cảnh",
          "nel mio contesto",
          // a conversation that no longer fits the model's context, in an app's or a bot's words
          "than this model can read",
          "no meu contexto",
          "dans mon contexte",
          "in meinen kontext",
          "bağlamıma sığ",
          "konteksku",
          "taille de contexte",
          // the model's sequence length (SambaNova's "the maximum supported sequence length is just
          // 4096")
          "sequence length",
          // the context named full or overflowed in a terse line ("ctx full", "ctx overflow:
          // 9001/8192
          // tok")
          "not fit the context",
          "not fit in the context",
          "not fit into the context",
          // NovelAI's ModelMaxLength ("model 'euterpe-v2' has 2048 tokens maximum")
          "model max length",
          // a thread at the model's token limit, a history that no longer fits or could not be
          // compacted, a llama.cpp slot's context too small, tokens over in Japanese, in English,
          // Russian, German, Spanish, French, Turkish, Polish, Vietnamese and Arabic ("This thread
          // has reached the model's token limit", "Сумма токенов
          // запроса и max_tokens больше размера контекста", "Esta conversación ya no cabe en la
          // memoria de Gemini", "Contexte saturé", "Bağlam sınırına ulaşıldı")
          "model's token limit",
          "no longer fits",
          "memory window",
          "could not be compacted",
          "n_ctx_slot",
          "トークンを超え",
          "размера контекста",
          "kontextgröße",
          "no cabe en",
          "contexte saturé",
          "bağlam uzunluğu",
          "bağlam sınırı",
          "okno kontekstu",
          "kontekście modelu",
          "giới hạn độ dài",
          "طول السياق",
          "السياق ممتلئ",
          "ctx full",
          "ctx overflow",
          "context full",
          // the context left too small for the request (Continue's "Not enough context available
          // to include the system message, last user message, and tools")
          "not enough context");

  // "<prompt|input|request|messages> … <too long|exceeds> … <context|maximum|window|limit of>":
  // the overflow in words no list anticipates ("Input prompt (35247 tokens) is too long and
  // exceeds limit of 1000", "The input (85050 tokens) is longer than the model's context length"),
  // never read across a failure's prefix ("Request failed: Rate limit exceeded: max 10 requests"
  // is a rate limit).
  // A rate limit ("would exceed your account's rate limit") has no "limit of" and no window.
  // Also, in other words: the prompt or input named too long or too large ("Prompt tokens too
  // long", "Input is too large to process"); a length limit named exceeded ("model max length
  // exceeded", "input length exceeded"); more tokens than the context or the model's maximum
  // ("which is more than the max tokens limit allowed"); the same in Chinese (上下文/输入…过长,
  // token 数超出).
  static final Words CONTEXT_PATTERN =
      Words.of(
          // a generation length or a prompt set against the model's own maximum in a local
          // runtime's words ("requested max_length (2099) is larger than model's max_length
          // (2048)", "prompt … (prompt: 1299 tokens, max context: 1020)"), and llama.cpp's KV
          // cache with no room for the batch ("could not find a KV slot for the batch (try
          // reducing the size of the batch or increase the context)")
          Clause.of(
              "\\b(?:larger|greater|longer|more) than (?:the )?model'?s max_length\\b"
                  + "|\\bprompt:? \\d[\\d,]* tokens?, max(?:imum)? context:? \\d"
                  + "|\\bcould not find (?:a |any )?(?:free )?kv slot\\b",
              "max_length",
              "max context",
              "kv slot"),
          // a count of tokens set against a maximum, either way round ("Requested 9,000 tokens
          // (8,000 in prompt + 1,000 max_tokens) but the model context is only 8,192 tokens",
          // "Requested 328104 tokens, max 300000 tokens per request", "text of 1,902 tokens is
          // longer than the 512-token input window", "max 8192 tokens, your input has 9000
          // tokens"), a client's contextOverflow. Not tokens per minute or "remaining": a
          // throttle's
          // count (OpenAI's "Request too large for gpt-4o on tokens per min (TPM): Limit 30000,
          // Requested 342389")
          Clause.of(
              "\\b(?:requested|has|of|contains?|with) \\d[\\d,.]*k? tokens?\\b(?:(?!\\bremaining\\b|\\btpm\\b|\\bper min)[^\\n]){0,80}?\\b(?:max(?:imum)?|only|limit|longer than|more than|exceeds?)\\b(?![^\\n]{0,60}?(?:\\bremaining\\b|\\btpm\\b|\\bper min))|\\b(?:max(?:imum)?|limit(?: is| of)?|only)\\b[^\\n]{0,40}?\\d[\\d,.]*k?[- ]tokens?\\b[^\\n]{0,80}?\\b(?:has|have|had|requested|got|received|contains?|is) \\d[\\d,.]*k? tokens\\b|\\bcontextoverflow\\b",
              "contextoverflow",
              "token"),
          // a text's tokens over a limit named in tokens ("The query must be at most 2048 tokens",
          // "exceeds the limit of 8000 tokens", "トークン上限（8,192トークン）を超えています", "supera el
          // límite de 2048 tokens")
          Clause.of(
              "\\b(?:must be at most|limit of|límite de|limite de) \\d[\\d,]* tokens\\b|トークン上限",
              "at most",
              "limit",
              "límite",
              "トークン上限"),
          // a thread, a chat or a history named too long ("Your thread has become too long", "This
          // thread is too long for me to read in one go"), tokens over a limit in Korean ("프롬프트
          // 토큰 수 135,002개가 한도 128,000개를 넘었습니다")
          Clause.of(
              "\\b(?:thread|conversation|chat|history|dialog)\\b (?:is|has become|has gotten|got) too long\\b"
                  + "|토큰[^\\n]{0,30}?(?:한도|제한)[^\\n]{0,30}?(?:넘|초과)",
              "too long",
              "토큰"),
          // a count of tokens named more than the model takes ("Request contains 1,310,442 tokens,
          // which is more than the 1,048,576 the model accepts")
          Clause.of("\\d[\\d,]* tokens?\\b[^\\n]{0,40}?\\bmore than\\b", "more than"),
          // a token length named exceeded, either way round ("token length(150) exceeded", "exceeds
          // maximum token length")
          Clause.of(
              "\\btoken[ _]?length\\b[^\\n]{0,20}?\\bexceed|\\bexceed(?:s|ed|ing)?\\b[^\\n]{0,20}?"
                  + "\\btoken[ _]?length\\b",
              "exceed"),
          // the window's size named as the limit a prompt met ("input token limit is 97280")
          Clause.of("\\b(?:input|prompt) tokens? limit (?:is|of) \\d+", "limit"),
          // the prompt, the input or the request named longer or larger than the window or a
          // maximum, in one sentence: not a request named in the sentence before ("We could not
          // complete your request. top_logprobs=50 exceeds the allowed limit of 20")
          Clause.of(
              "\\b(?:prompt|input|inputs|request|messages|conversation|query)\\b"
                  + "(?:(?!failed: |error: |\\. )[^\\n]){0,60}?"
                  + "(?:(?<!array )too long|\\bexceed(?:s|ed|ing)?\\b|longer than|larger than)"
                  + "[^\\n]{0,60}?"
                  + "\\b(?:context|maximum|max|window|limit of)\\b",
              "too long",
              "exceed",
              "longer than",
              "larger than"),
          Clause.of(
              "\\b(?:prompt|input|inputs|messages?|conversation|context|text|history)\\b"
                  + "(?: tokens?)?(?: length| content| text)?\\s+(?:is |are |was )?too (?:long|large)\\b",
              "too long",
              "too large"),
          Clause.of(
              "\\b(?:max(?:imum)?|model|context|input|prompt|sequence|seq)[ _]?(?:length|len"
                  + "|size)\\b"
                  + "[^\\n]{0,20}?\\bexceed",
              "exceed"),
          Clause.of(
              "\\bmore than (?:the )?(?:model'?s? )?(?:max(?:imum)? )?(?:context|tokens? limit"
                  + "|max tokens limit)",
              "more than"),
          Clause.of(
              "\\b(?:sequence|seq|context|input|prompt) length\\b[^\\n]{0,40}?"
                  + "\\b(?:longer|larger|greater|more) than\\b",
              " than"),
          Clause.of(
              "\\bexceed(?:s|ed|ing)?\\b[^\\n]{0,30}?\\b(?:context|token limit|max(?:imum)? "
                  + "(?:length|sequence))",
              "exceed"),
          Clause.of(
              "\\b(?:reduce|shorten) (?:the |your )?(?:length of (?:the |your )?)?"
                  + "(?:prompt|input|messages|context|conversation)\\b"
                  + "|\\b(?:try|use|send) a shorter (?:prompt|input|message|conversation)\\b",
              "reduce",
              "shorten",
              "shorter"),
          // the input held to fewer tokens than it has ("input must have less than 8192 tokens")
          Clause.of(
              "\\b(?:input|inputs|prompt|text|messages|context)`? must (?:have|be|contain) (?:less"
                  + "|fewer) "
                  + "than \\d+ tokens\\b",
              "less than",
              "fewer than"),
          // TGI's validation with or without its backticks ("inputs tokens + max_new_tokens must be
          // <= 4096")
          Clause.of("\\btokens`? ?\\+ ?`?max_new_tokens`? must be\\b", "max_new_tokens"),
          // a token limit exceeded that is not the output's (max_tokens: request.definitive_4xx)
          Clause.of("(?<!output )\\btoken limit exceeded\\b", "token limit"),
          // the tokens counted over the model's limit ("Token count exceeds model limit", "Number
          // of tokens exceeds the limit", "Too many input tokens", "Token limit reached for this
          // conversation"); a cap of a day or a plan is read before (the account rows)
          Clause.of(
              "\\b(?:token count|number of tokens|tokens? count|input tokens"
                  + "|prompt tokens)\\b[^\\n]{0,20}?"
                  + "\\b(?:exceeds?|exceeded|over|above)\\b",
              "token count",
              "tokens count",
              "number of tokens",
              "input tokens",
              "prompt tokens"),
          Clause.of("\\btoo many (?:input |prompt )tokens\\b", "too many input", "too many prompt"),
          Clause.of(
              "\\b(?:input|prompt)\\b[^\\n]{0,20}?\\bmore tokens than\\b", "more tokens than"),
          Clause.of(
              "\\btoken limit\\b[^\\n]{0,10}?\\b(?:reached|exceeded)\\b[^\\n]{0,20}?"
                  + "\\b(?:conversation|chat|context|prompt|input|model)\\b",
              "token limit"),
          // the tokens over the maximum in Japanese, Korean, Spanish, French, German, Portuguese
          Clause.of(
              "(?:トークン数|토큰)[^\\n]{0,12}?(?:上限を超え|超過|한도를 초과|초과)"
                  + "|número máximo de tokens|nombre maximal de jetons|maximale anzahl an tokens"
                  + "|l[íi]mite de tokens",
              "トークン",
              "토큰",
              "tokens",
              "jetons"),
          // the input named too long in Japanese, Korean, Russian
          Clause.of(
              "(?:入力|プロンプト|メッセージ)[^\\n]{0,6}?(?:長すぎ|超え)"
                  + "|(?:입력|프롬프트|메시지)[^\\n]{0,6}?(?:너무 깁|너무 길|초과)"
                  + "|слишком длинн|превышает максимальн"
                  + "|uzunluğu(?:nu)? aşıyor|bağlam[^\\n]{0,20}?aş|độ dài[^\\n]{0,30}?(?:vượt|quá)"
                  + "|ngữ cảnh[^\\n]{0,20}?(?:vượt|quá)",
              "長すぎ",
              "超え",
              "너무",
              "초과",
              "слишком",
              "превышает",
              "aş",
              "độ dài",
              "ngữ cảnh"),
          Clause.of(
              "(?:上下文|输入|提示词|内容|文本|消息)[^\\n]{0,10}?(?:过长|超长|太长|超出|超过|超限)"
                  + "|请缩短|减少输入"
                  + "|(?:token|令牌)\\s*数?\\s*(?:超出|超过|超限)",
              "过长",
              "超长",
              "太长",
              "超出",
              "超过",
              "超限",
              "请缩短",
              "减少输入"),
          // the context named exceeded in other languages (최대 컨텍스트 길이를 초과, Превышена
          // максимальная длина контекста, longitud máxima del contexto, longueur maximale de
          // contexte, コンテキスト長を超え)
          Clause.of(
              "(?:컨텍스트|контекст|context[oe]|kontext|コンテキスト)[^\\n]{0,30}?"
                  + "(?:길이|초과|длин|превыш|longitud|longueur|länge|長|超え|超過|comprimento|excede|dépass"
                  + "|überschr)"
                  + "|(?:최대|превыш|максимальн|superó|excede|dépassement|longueur maximale|longitud máxima"
                  + "|comprimento máximo|maximale)[^\\n]{0,30}?(?:컨텍스트|контекст|context[oe]|kontext"
                  + "|コンテキスト)",
              "컨텍스트",
              "контекст",
              "context",
              "kontext",
              "コンテキスト"));

  // Words that count tokens or a window, and words that count bytes (countsTokensAgainstWindow,
  // countsOnlyBytes).
  static final List<String> TOKEN_WORDS =
      List.of("token", "context", "上下文", "コンテキスト", "контекст", "токен", "kontekst");
  // A string over the API's length limit in characters (OpenAI string_above_max_length on a 10 MiB
  // content string): the payload's size, not the window — unless the history's shape is named (a
  // tool-call id over its 40 characters: row request.history_shape).
  static final Set<String> PAYLOAD_CODES = Set.of("string_above_max_length");

  // …nor when the limit is a field's, a few characters long (a tool's name over its 64): the
  // request is wrong, not too large ("string too long. Expected a string with maximum length 64").
  static final Words FIELD_LENGTH_LIMIT =
      Words.of(
          Clause.of("\\bmaximum length \\d{1,4}\\b(?!\\s*tokens)", "maximum length"),
          // …in Chinese ("第2行：对话值超过最大长度48")
          Clause.of("最大长度\\s*\\d{1,4}(?!\\d)(?!\\s*tokens)", "最大长度"));

  // A request not sent or not answered because what it carries is empty ("Cannot generate
  // embedding: Memory content is empty", "Can't send an empty message to the model"): the input,
  // not the answer, is empty, and it is empty again on every route.
  static final Words NOTHING_TO_SEND =
      Words.of(
          Clause.of(
              "\\b(?:cannot|unable to) (?:generate|send)\\b[^\\n]{0,60}?\\bempty\\b",
              "cannot",
              "unable to"));

  // An image's size in pixels ("input size exceed limit 2048x2048, current input:(1080,2376)"): a
  // size the request's image is over, not the context window.
  static final Words PIXEL_SIZE =
      Words.of(Clause.of("\\b\\d{2,5}\\s?[x×]\\s?\\d{2,5}\\b|\\bpixels\\b", "x", "×"));

  static final List<String> BYTE_WORDS =
      List.of(
          // a request body or a request's size named, in English and Chinese ("The request body is
          // too large", "请求内容超过大小限制")
          "request body",
          "大小限制",
          "bytes",
          " mb",
          " kb",
          "mib",
          "kib",
          "字节",
          // a size limit named as such, not a window
          "maximum allowed size",
          "maximum size",
          "size limit",
          "file size",
          "body size",
          // a maximum size, in the corpus's languages
          "максимальный размер",
          "tamaño máximo",
          "tamanho máximo",
          "taille maximale",
          "maximale größe",
          "maksimum boyut",
          "kích thước tối đa",
          "ukuran maksimum",
          "dimensione massima");

  // A payload over a size limit in bytes or characters, not tokens ("total message size 2100954
  // exceeds limit 2097152", "String value length (20054016) exceeds the maximum allowed", "Failed
  // to buffer the request body: length limit exceeded"): the same body is refused by every route
  // with the same limit. Read after the context rows, which own a window in tokens.
  static final Words PAYLOAD_PATTERN =
      Words.of(
          // a content size limit exceeded (Azure's Whisper: "Maximum content size limit (26214400)
          // exceeded")
          Clause.of("\\bcontent size limit\\b[^\\n]{0,30}?\\bexceeded\\b", "content size limit"),
          // bytes named too large ("The request's total referenced files bytes are too large to be
          // read")
          Clause.of("\\bbytes (?:are |is )?too large\\b", "bytes"),
          // a request's content over its size limit, in Chinese ("请求内容超过大小限制")
          Clause.literals("超过大小限制"),
          // a recording over its maximum duration ("audio duration 1812.4 seconds is longer than
          // 1500 seconds which is the maximum", "The audio file exceeds the maximum duration of
          // 240 minutes", "音频时长超过 60 秒", "El audio dura 3 h 12 min y el límite…")
          Clause.of(
              "\\b(?:audio|video|file|recording|sample)\\b[^\\n]{0,40}?\\b(?:duration|dura|longer than)\\b"
                  + "|\\bduration\\b[^\\n]{0,40}?\\b(?:exceeds?|longer than|maximum)\\b|时长超过|時長超過|再生時間",
              "dura",
              "longer than",
              "时长超过",
              "時長超過",
              "再生時間"),
          // a body or a file named larger than a size, a content length exceeded ("client intended
          // to send too large body: 12582912 bytes", "report_q3_full.pdf is larger than 30 MB",
          // "Files must be smaller than 512 MB", "HTTP content length exceeded 10485760 bytes")
          Clause.of(
              "\\btoo large body\\b|\\b(?:larger|smaller|bigger) than \\d+(?:\\.\\d+)?\\s?(?:mb|kb|gb|mib|gib)\\b"
                  + "|\\bcontent length exceeded\\b",
              "too large body",
              "than",
              "content length exceeded"),
          // a request over the maximum content length a server or gateway allows, its size counted
          // in bytes ("Server received a request which exceeds maximum allowed content length.
          // RequestSize(bytes): 34021227, Limit(bytes): 33554432"), and an image over a dimension
          // or resolution limit in pixels ("An image in the conversation exceeds the dimension
          // limit for many-image requests (2000px)")
          Clause.of(
              "\\bexceeds? (?:the )?(?:maximum|max) (?:allowed )?content[ -]length\\b"
                  + "|\\brequest ?size ?\\(bytes\\)"
                  + "|\\b(?:dimension|resolution|pixel) limit\\b",
              "content length",
              "content-length",
              "(bytes)",
              "dimension limit",
              "resolution limit",
              "pixel limit"),
          // a size in megabytes named over a maximum ("image size must be less than 5MB, got
          // 7.9MB", "Sample is too large: 14.2 MB (max 10 MB per voice sample)", "Input payload
          // of 27.3 MB exceeds the maximum request size of 25 MB")
          Clause.of(
              "\\b\\d+(?:\\.\\d+)?\\s?(?:mb|kb|gb|mib|gib)\\b[^\\n]{0,40}?\\b(?:exceeds?|max|maximum)\\b"
                  + "|\\b(?:less than|too large:?|at most|max(?:imum)?(?: of)?) \\d+(?:\\.\\d+)?\\s?(?:mb|kb|gb|mib|gib)\\b",
              "mb",
              "kb",
              "gb",
              "mib",
              "gib"),
          Clause.of(
              "\\b(?:message|request|body|payload|upload|file|attachment|image"
                  + "|metadata)s? size\\b[^\\n]{0,30}?"
                  + "\\b(?:exceeds?|exceeded|too large|over)\\b"
                  + "|\\b(?:file|image|attachment|upload|audio|video|document)s?\\b[^\\n]{0,20}?\\bexceeds? "
                  + "the (?:maximum|max) (?:file |allowed )?size\\b",
              " size"),
          Clause.of("\\bstring value length\\b[^\\n]{0,40}?\\bexceeds?\\b", "string value length"),
          // a message over gRPC's or a WebSocket's size limit, a request over a size in bytes, a
          // size named over its maximum in Chinese and German ("received message larger than max
          // (5242880 vs. 4194304)", "gRPC message exceeds maximum size 4194304", "close 1009
          // (message too big)", "Request must be smaller than 6291456 bytes", "图片大小不能超过10M",
          // "Die Nutzlast überschreitet das Limit von 20 MB")
          Clause.of(
              "\\bmessage (?:is )?larger than max\\b|\\bmessage exceeds maximum size\\b"
                  + "|\\bmessage too big\\b|\\bsmaller than \\d+ bytes\\b|大小不能超过|nutzlast überschreitet",
              "larger than max",
              "exceeds maximum size",
              "message too big",
              "bytes",
              "大小不能超过",
              "nutzlast"),
          // an image, a file or an upload larger than allowed or than a size ("Input image is
          // larger than the allowed limit", Clarifai 30105, "image is larger than the 4 MB
          // limit"), a text longer than a limit in bytes ("Either input.text or input.ssml is
          // longer than the limit of 5000 bytes")
          Clause.of(
              "\\b(?:image|file|attachment|upload|audio|video|document)s? (?:is |are )?larger than the"
                  + " (?:allowed|maximum|max|\\d+(?:\\.\\d+)?\\s?(?:mb|kb|gb)\\b)"
                  + "|\\blonger than the limit of \\d+ ?(?:bytes|kb|mb)\\b",
              "larger than the",
              "longer than the limit"),
          // a speech text over its length (ElevenLabs' max_character_limit_exceeded, Polly's
          // TextLengthExceededException)
          Clause.literals("max_character_limit_exceeded", "textlengthexceeded"),
          // any input over a maximum size named in bytes ("Trace input size (6292353 bytes)
          // exceeds the maximum allowed size of 3670016 bytes")
          Clause.of(
              "\\bexceeds? the (?:maximum|max) (?:allowed )?size of \\d+\\s?(?:bytes|kb|mb|gb)\\b",
              "size of"),
          Clause.of(
              "\\b(?:payload|request entity|body) (?:is )?too large\\b"
                  + "|\\b(?:file|image|attachment|upload|audio|video|document)s? (?:is |are )?too large\\b",
              "too large"),
          Clause.of(
              "\\brequest body\\b[^\\n]{0,30}?\\b(?:limit exceeded|too large|exceeds?)\\b",
              "request body"),
          // too many bytes in all (Bedrock's "too many total text bytes"); a file over its size, in
          // Chinese (远程文件超出大小, 图片过大)
          Clause.of("\\btoo many (?:total )?(?:text )?bytes\\b", "bytes"),
          Clause.of("(?:文件|图片|附件|请求体)[^\\n]{0,6}?(?:超出大小|超过大小|过大|太大)", "超出大小", "过大", "太大"),
          // a request over a size named in bytes ("Request too large (max 32MB)"), not Groq's
          // "Request too large for model … tokens per minute"
          Clause.of(
              "\\brequest too large\\b[^\\n]{0,20}?\\b\\d+\\s*(?:mb|kb|gb|mib|kib|bytes)\\b",
              "request too large"),
          // a body, a file, an upload or an attachment over a size named in bytes, in the corpus's
          // languages ("请求体超过 20MB 上限", "İstek gövdesi 20 MB sınırını aşıyor", "upload limit
          // exceeded - attachment is 38 MB")
          Clause.of(
              "(?:\\bupload|\\battachment|\\brequest body|请求体|請求體|文件|图片|上传|附件|アップロード|添付"
                  + "|istek gövdesi|dosya|тела запроса|corpo da requisição|cuerpo de la solicitud"
                  + "|corps de la requête|pièce jointe|anfragekörper|anhang|anexo|allegat|tệp|berkas"
                  + "|lampiran)[^\\n]{0,40}?\\d+\\s?(?:mb|kb|gb|мб)(?![a-zа-я])",
              "mb",
              "kb",
              "gb",
              "мб"),
          // an image or a file over a size named in bytes ("image exceeds 5 MB maximum")
          Clause.of(
              "\\b(?:image|file|attachment|upload|audio|video|document)s?\\b[^\\n]{0,20}?\\bexceeds?\\b[^\\n]{0,16}?\\d+\\s?(?:mb|kb|gb|mib|kib|bytes)\\b",
              "exceed"));

  static final Set<String> CONTENT_CODES =
      Set.of(
          "content_filter",
          "content_policy_violation",
          "contentpolicyviolationerror",
          "responsibleaipolicyviolation",
          "data_inspection_failed",
          "datainspectionfailed",
          "moderation_flagged",
          "1301",
          // OpenAI's code for a prompt refused under its usage policy
          "invalid_prompt");

  // A safety block named in an SDK's or app's words (Gemini "Candidate was blocked due to SAFETY",
  // "Request was blocked by Gemini: BlockedReason.PROHIBITED_CONTENT", "Message is being blocked
  // for reason: SAFETY", "Blocked by safety settings", "Check the response.prompt_feedback to see
  // if the prompt was blocked").
  static final Words CONTENT_PATTERN =
      Words.of(
          // a generation, a prompt or an output named blocked, and Anthropic's refusal stop reason
          // as
          // a client prints it ("FAILED_PRECONDITION: Generation blocked.", "prompt pattern is
          // blocked", "Claude declined the request (stop_reason='refusal')"); not a request
          // blocked, which a gateway or a proxy says too
          Clause.of(
              "\\b(?:generation|prompt(?: pattern)?|output|completion)\\b (?:was |is |has been )?blocked\\b"
                  + "|\\bstop_reason\\W{1,4}refusal\\b",
              "blocked",
              "refusal"),
          // content blocked for copyright or holding sensitive personal data, in Vietnamese, read
          // before PERMISSION_HINTS takes "quyền" ("có thể vi phạm bản quyền và đã bị chặn", "có
          // thể chứa thông tin cá nhân nhạy cảm")
          Clause.of(
              "vi phạm bản quyền[^\\n]{0,20}?bị chặn|chứa thông tin cá nhân nhạy cảm",
              "bản quyền",
              "nhạy cảm"),
          Clause.of(
              "\\bblock(?:ed)?[ _]?reason\\b[^\\n]{0,4}?\\b(?:safety|prohibited[ _]content"
                  + "|blocklist|spii"
                  + "|recitation|other)\\b"
                  + "|\\bblocked\\b[^\\n]{0,30}?\\b(?:safety|prohibited[ _]content|blocklist|spii)\\b"
                  + "|\\bprompt was blocked\\b",
              "block"),
          Clause.of(
              "\\bviolat(?:es|ed|ing|ion of) (?:our |the |its )?(?:[a-z]+ )?polic(?:y|ies)\\b"
                  + "|\\bviolation of\\b[^\\n]{0,60}?\\bdetected\\b",
              "violat"),
          // a prompt banned by a moderator, a prompt refused by a safety system, an image blocked
          // by
          // content filters ("Banned prompt detected", "安全システムによりプロンプトが拒否されました",
          // "L'image générée a été bloquée par les filtres de contenu")
          Clause.literals(
              "banned prompt",
              "ai moderator",
              "安全システム",
              "filtres de contenu",
              // a model's refusal relayed as the error, in Chinese ("这句话的内容不适合在此平台上讨论")
              "不适合在此平台"),
          Clause.of(
              "\\b(?:response|prompt|output|content|completion) (?:was|has been|is) blocked\\b",
              "blocked"),
          // Azure's jailbreak refusal, wherever a client wrapped its line ("considered high\n
          // risk")
          Clause.of("\\bconsidered high\\s+risk\\b", "considered high"),
          // Gemini's JSON, wherever a client printed it: a candidate withheld for safety
          Clause.of(
              "\"finishreason\"\\s*:\\s*\"(?:safety|prohibited_content|blocklist|spii|recitation)\"",
              "finishreason"),
          // …or as the Python SDK or a log prints it ("StopCandidateException: finish_reason:
          // RECITATION", "Generation stopped: finishReason=SPII")
          Clause.of(
              "\\bfinish_?reason\\s*[:=]\\s*['\"]?(?:safety|prohibited_content|blocklist|spii"
                  + "|recitation)\\b",
              "finish_reason",
              "finishreason"),
          // a policy refusal in Japanese, Korean, Russian, Spanish, Portuguese, French, German,
          // Vietnamese, Turkish
          Clause.of(
              "コンテンツポリシー|ポリシーに違反|不適切な(?:コンテンツ|内容)|콘텐츠 정책|정책을 위반|부적절한"
                  + "|нарушает (?:правила|политик)|infringe (?:nuestras|las) políticas|viola (?:nossas|as) políticas"
                  + "|enfreint (?:nos|les) (?:règles|politiques)|verstößt gegen|vi phạm chính sách"
                  + "|politikalarını ihlal",
              "ポリシー",
              "不適切",
              "정책",
              "부적절",
              "нарушает",
              "infringe",
              "viola ",
              "enfreint",
              "verstößt",
              "vi phạm",
              "ihlal"),
          // a refusal in Chinese: the input or output named risky, sensitive, in breach, improper
          // or unsafe, or failing review (内容存在风险, 输入内容包含敏感词, 请求内容违规, 触发了内容审核,
          // 内容安全检查未通过)
          Clause.of(
              "(?:内容|输入|请求|文本|信息|图片|提示词|回复|输出)[^\\n]{0,12}?(?:风险|敏感|涉敏|违规|不当|不安全|违法|审核)"
                  + "|敏感(?:词|信息|内容)|内容审核|审核(?:未|不)通过|安全检查(?:未|不)通过|触发了?[^\\n]{0,6}?(?:审核|风控)",
              "风险",
              "敏感",
              "涉敏",
              "违规",
              "不当",
              "不安全",
              "违法",
              "审核",
              "风控",
              "安全检查"),
          // a submission refused for what its text contains ("Your submission contains text that is
          // not allowed")
          Clause.of(
              "\\bcontains? (?:text|content|words?|language|terms|material) (?:that|which) (?:is"
                  + "|are) not allowed\\b",
              "not allowed"));

  // A message that ends in the error code for a rate limit ("Error code: rate_limited", after a
  // "please log in to continue" for anonymous use): the limit, not the login, failed the call.
  static final List<String> RATE_LIMITED_CODE_NAMED = List.of(": rate_limited");

  static final List<String> CONTENT_WORDING =
      List.of(
          // Huawei ModelArts' 403 81011 ("May contain senstive.....", so spelled, and spelled
          // right)
          "may contain senstive",
          "may contain sensitive",
          // prompts named as holding filtered words ("One or more prompts contains filtered
          // words.", Bedrock's Stability models), a model named as having refused, in Chinese
          // ("模型已拒绝翻译")
          "contains filtered words",
          "模型已拒绝",
          // a content policy or safety filters named, content blocked, in Spanish, Italian,
          // Arabic, Thai and Hindi ("bloqueado por infringir las políticas de contenido",
          // "bloccato dai filtri di sicurezza", "تم حظر المحتوى", "ละเมิดนโยบายการใช้งาน",
          // "सामग्री नीति का उल्लंघन"); not an account suspended under the usage policy
          // ("تم تعليق حسابك بسبب مخالفة سياسة الاستخدام")
          "políticas de contenido",
          "política de contenido",
          "filtri di sicurezza",
          "حظر المحتوى",
          "ละเมิดนโยบาย",
          "नीति का उल्लंघन",
          // Vertex AI's Responsible AI filter on generated media ("raiMediaFilteredCount": 1,
          // "raiMediaFilteredReasons": ["Veo could not generate 1 videos based on the prompt …"])
          "raimediafiltered",
          // ModelScope's check of the input or the output ("output content security inspection
          // failed by Modelscope", sent with its own code 555)
          "content security inspection failed",
          // SAP's orchestration filter ("Input Filter: Prompt filtered due to safety violations")
          "filtered due to safety",
          // OpenRouter's moderation model refusing the input ("meta-llama/llama-guard-3-8b flagged
          // input as harmful")
          "flagged input as harmful",
          "content filter",
          "content blocked",
          "content moderation",
          "moderation system",
          "usage policies",
          "usage policy",
          "safety policy",
          "unsafe content",
          "unsafe generation",
          // DeepSeek's refusal
          "content exists risk",
          // one-api/new-api relays' own word filter (sensitive_words_detected)
          "sensitive words",
          // a request or an answer named sensitive by a platform's review (Huawei AppStage's
          // "Sensitive request error, please try again later!", "Sensitive response error, …")
          "sensitive request",
          "sensitive response",
          "sensitive input",
          "sensitive output",
          "guardrail",
          "content_filter",
          "content_policy_violation",
          "content management policy",
          "content policy",
          // a refusal reported as such (LangChain's OpenAIRefusalError, Anthropic's stop_reason as
          // a log line prints it), a prompt shield's jailbreak verdict, an acceptable-use policy,
          // iFlytek's "input content audit failed", and the filters in Spanish ("bloqueada por
          // nuestros filtros de seguridad", "filtrada por el sistema de gestión de contenido")
          "refusalerror",
          "stop_reason=refusal",
          "stop_reason: refusal",
          "jailbreak",
          "acceptable use policy",
          "content audit",
          "filtros de seguridad",
          "gestión de contenido",
          "output blocked",
          "safety system",
          "responsible ai service",
          "response was filtered",
          "input was flagged",
          "did not comply with",
          "sensitive content",
          "nsfw",
          "usage guidelines",
          "safety guidelines",
          "safety filter",
          // a safety refusal in Japanese, Korean, Spanish, Portuguese, French, German, Russian,
          // Vietnamese, Turkish
          "セーフティフィルター",
          "安全フィルター",
          "안전 가이드라인",
          "안전 정책",
          "directrices de seguridad",
          "contenido inapropiado",
          "diretrizes de segurança",
          "conteúdo impróprio",
          "conteúdo inadequado",
          "consignes de sécurité",
          "contenu inapproprié",
          "sicherheitsrichtlinien",
          "unangemessene inhalte",
          "правила безопасности",
          "недопустимый контент",
          "nội dung không phù hợp",
          "nguyên tắc an toàn",
          "güvenlik yönergeleri",
          "uygunsuz içerik",
          "敏感内容",
          "不安全",
          "违规内容",
          // in Traditional Chinese, Italian, Indonesian, Thai, Arabic, Persian, Polish, Dutch,
          // Ukrainian
          "內容違規",
          "敏感內容",
          "不當內容",
          "內容審核",
          "contenuto inappropriato",
          "konten tidak pantas",
          "เนื้อหาไม่เหมาะสม",
          "محتوى غير لائق",
          "محتوای نامناسب",
          "nieodpowiednie treści",
          "ongepaste inhoud",
          "неприпустимий вміст",
          // harm named
          "harmful content",
          // a filter named by what it keeps out
          "bypass the filter",
          "output was filtered",
          "request is sfw",
          // MiniMax 1026/1027 (input or output new_sensitive)
          "new_sensitive",
          // Volcengine Ark
          "sensitive information",
          // Gemini's finish reason in an agent's words ("Response stopped due to prohibited
          // content")
          "prohibited content",
          "prohibited_content",
          // Gemini's other block reasons in an agent's words (recitation, blocklist terms, SPII,
          // image safety)
          "due to recitation",
          "recitation policy",
          "recitation settings",
          "copyrighted material",
          "forbidden terms",
          "personally identifiable information",
          "prohibited image",
          // Bedrock Guardrails' default blocked message
          "sorry, the model cannot answer this question",
          // GigaChat's finish reason for a blacklisted topic, and a bot's "the request does not
          // follow the rules" in Russian
          "reason: blacklist",
          "finish_reason='blacklist'",
          "не соответствует правилам",
          // the same finish reason as a Kotlin or Python client prints it
          "finishreason=blacklist",
          "finish_reason=blacklist",
          // a prompt named blocked
          "prompt was blocked",
          // a content filter named, in Turkish, Vietnamese, Indonesian, Italian
          "içerik filtre",
          "bộ lọc nội dung",
          "filter konten",
          "filtro dei contenuti",
          // access limited for safety reasons
          "for safety reasons",
          // content named inappropriate (DashScope "may contain inappropriate content")
          "inappropriate",
          // a safety or moderation filter that blocked, and guidelines or terms violated, in the
          // corpus's languages
          "filtre de sécurité",
          "sicherheitsfilter",
          "güvenlik filtre",
          "bộ lọc an toàn",
          "filter keamanan",
          "filtro di sicurezza",
          "filtro de seguridad",
          "filtro de segurança",
          "sistema de moderação",
          "sistema de moderación",
          "системой безопасности",
          "фильтр безопасности",
          "安全过滤",
          "安全過濾",
          "安全政策",
          "利用規約に抵触",
          "フィルターでブロック",
          "금지된 주제",
          "güvenlik kuralları",
          "normas de seguridad",
          "diretrizes de uso",
          "kebijakan keamanan konten",
          "linee guida sui contenuti",
          "norme d'uso",
          // a safety policy, moderation, violent or hateful content, content rules, in the corpus's
          // languages
          "política de segurança",
          "política de seguridad",
          "contenu violent",
          "modération",
          "moderasi",
          "ujaran kebencian",
          "norme sui contenuti",
          // moderation, in Italian
          "moderazione",
          // a usage or safety policy violated, in Chinese, Japanese, Turkish, Italian
          "使用政策",
          "安全ポリシー",
          "güvenlik politika",
          "norme di sicurezza");

  static final Set<String> MODEL_GONE_CODES =
      Set.of(
          "model_not_found",
          "model_decommissioned",
          "model_deprecated",
          "1211",
          // Perplexity
          "invalid_model",
          // Azure OpenAI: no deployment of that name on the resource
          "deploymentnotfound",
          // GitHub Copilot's API: the model is not served to this client
          "model_not_supported",
          // FastChat INVALID_MODEL
          "40301");

  // The model is not served here, in words without "model … not found": a router with no
  // endpoint or channel for it, an Azure deployment that does not exist, an invalid model id.
  static final List<String> MODEL_GONE_PHRASES =
      List.of(
          // LM Studio's code for no model matching what was asked ("generic.noModelMatchingQuery")
          "nomodelmatching",
          // DeepSeek's answer to a model name it no longer serves ("The supported API model names
          // are deepseek-v4-pro or deepseek-v4-flash, but you passed deepseek-chat.")
          "supported api model names are",
          // LM Studio's answer to a path it does not serve ("Unexpected endpoint or method. (POST
          // /chat/completions)")
          "unexpected endpoint or method",
          "no endpoints found",
          "deployment for this resource does not exist",
          "invalid model",
          "no available channel",
          // OpenAI's path that does not exist ("Unknown request URL: POST /v1/chat/completion",
          // "Invalid URL (POST /v1/chat/completion)"), a
          // gateway's action retired ("The old ai-gateway traffic policy action has been retired")
          "unknown request url",
          "invalid url (",
          "has been retired",
          "模型不存在",
          "deployment not found",
          "deploymentnotfound",
          "当前模型不可用",
          "模型名字错误",
          "模型名称错误",
          "无可用渠道",
          // new-api's get_channel_failed ("分组 vip 下模型 gemini-2.5-flash 的可用渠道不存在")
          "可用渠道不存在",
          // Together: a model served only on a dedicated endpoint
          "non-serverless model",
          "is not accessible via",
          // in Traditional Chinese, Japanese, Korean, Russian, Spanish, Portuguese, French, German
          "找不到模型",
          "モデルが見つかりません",
          "モデルが存在しません",
          "모델을 찾을 수 없",
          "модель не найдена",
          "modelo no encontrado",
          "modelo não encontrado",
          "modèle introuvable",
          "modell nicht gefunden",
          // …and in Catalan, Spanish word order, Italian, Dutch, Polish, Swedish, Danish,
          // Norwegian, Czech, Turkish, Azerbaijani, Vietnamese, Indonesian, Ukrainian, Greek,
          // Hungarian, Romanian, Estonian, Finnish, Irish, Hebrew, Arabic, Persian, Hindi, Thai and
          // Tamil ("No s'ha trobat el model", "Mallia ei löytynyt", "Níor aimsíodh an tsamhail"); a
          // model withdrawn, in Greek and Romanian ("Αυτό το μοντέλο έχει αποσυρθεί")
          "no s'ha trobat el model",
          "no se encuentra el modelo",
          "modello non trovato",
          "model niet gevonden",
          "nie znaleziono modelu",
          "modellen hittades inte",
          "modellen blev ikke fundet",
          "modellen ble ikke funnet",
          "model nebyl nalezen",
          "model bulunamadı",
          "model tapılmadı",
          "không tìm thấy mô hình",
          "model tidak ditemukan",
          "модель не знайдено",
          "μοντέλο δεν βρέθηκε",
          "modell nem található",
          "modelul nu a fost găsit",
          "mudelit ei leitud",
          "mallia ei löytynyt",
          "níor aimsíodh an tsamhail",
          "המודל לא נמצא",
          "النموذج غير موجود",
          "لم يتم العثور على النموذج",
          "مدل یافت نشد",
          "मॉडल नहीं मिला",
          "ไม่พบโมเดล",
          "மாதிரி கிடைக்கவில்லை",
          "μοντέλο έχει αποσυρθεί",
          "model a fost retras",
          // Azure's and others' plain 404 text
          "resource not found",
          // no model configured for the app
          "no llm model",
          "config a model first",
          "no model configured",
          // a local server with no model (or engine) loaded to serve it
          "not loaded yet",
          "no models loaded",
          "no model loaded",
          "model is not loaded",
          "model not loaded",
          "engine is not loaded",
          // LiteLLM's router asked for a model group it does not have ("You passed in model=… There
          // are no healthy deployments for this model")
          "no healthy deployments for this model",
          // a model named unsupported or not found, in Chinese, Japanese and Korean word order
          "不支持的模型",
          "不支援的模型",
          "不支持该模型",
          "不支持此模型",
          "未找到该模型",
          "未找到模型",
          "サポートされていないモデル",
          "지원되지 않는 모델",
          "존재하지 않는 모델",
          // a model taken offline, no channel serving it, a model not found, in the corpus's
          // languages
          "模型已下线",
          "模型已下線",
          "没有可用的通道",
          "沒有可用的通道",
          "无可用通道",
          "利用可能なチャネルがありません",
          "사용 가능한 채널이 없",
          "нет доступного канала",
          "ningún canal disponible",
          "nenhum canal disponível",
          "aucun canal disponible",
          "kein verfügbarer kanal",
          "no se encontró el modelo",
          "提供を終了",
          // a relay with no account that serves the model (claude-relay-service, sub2api)
          "accounts support the requested model",
          "accounts supporting model",
          // a model id named invalid (Bedrock), a model retired as legacy, a model no enabled
          // provider serves (Hugging Face router)
          "model identifier is invalid",
          "marked by provider as legacy",
          "not supported by any provider",
          // OpenAI's legacy name for a model ("InvalidRequestError: Engine not found")
          "engine not found",
          // an endpoint with no deployment to route to (Azure ML)
          "no valid deployments",
          // a local server with no model loaded (text-generation-webui)
          "no model is loaded",
          // an app with no such endpoint, a model no allowed provider serves (OpenRouter's provider
          // restrictions)
          "has no endpoint",
          "no allowed providers");

  // An endpoint or deployment named absent or not running ("The dedicated endpoint for … is not
  // running", "Endpoint with name '…' does not exist", "…/chat/completions not found, verify your
  // API base"): nothing serves the model at this address.
  static final Words ENDPOINT_GONE_PATTERN =
      Words.of(
          Clause.of(
              "\\b(?:endpoint|deployment)\\b[^\\n]{0,120}?\\b(?:does not exist"
                  + "|not found"
                  + "|is not running|no longer exists|is (?:currently )?closed)\\b",
              "endpoint",
              "deployment"),
          Clause.of(
              "/completions\\S{0,40} not found|\\bverify your api base\\b",
              "completions",
              "api base"),
          // Python requests' HTTPError for a 404 ("Client Error: NOT FOUND for url: …")
          Clause.of("\\bclient error: not found for url\\b", "client error"));

  // "The model `x` does not exist", "models/gemini-1.0-pro is not found for API version v1beta"
  static final Pattern MODEL_GONE_WORDING =
      Regexes.compile(
          "\\bmodels?\\b[^\\n]{0,160}?(?:does not exist|do not exist|not found|no such(?! host)|"
              + "decommissioned|no longer available|no longer supported|no longer served|retired|not served|not exist"
              + "|not available (?:on|for|at|via) this (?:endpoint|api|provider|region|deployment))"
              + "|no such model|unknown model|not a (?:valid|recogni[sz]ed|known) model"
              + "|\\bunsupported (?:[a-z]+ )?model\\b(?![ _-]?(?:param|option|field|setting|feature|type|input|format|protocol|kind))"
              + "|\\bis not supported (?:for|in|on) this (?:environment|region|deployment|endpoint|account|plan)\\b"
              // a model not supported, named or not, quoted or not ("The requested model is not
              // supported.", watsonx "Model 'x' is not supported", "Model gpt-9 is not supported.
              // Please choose from […]") — not for a task, a mode or an input it does not serve
              + "|(?<!for )\\bmodel (?:"
              + QUOTED_ID
              + " |[\\w./:@-]{2,80} )?is not supported\\b"
              + "(?! (?:for|with|in|by|when|on))");

  static final Set<String> OVERLOADED_CODES =
      Set.of(
          "overloaded_error",
          "overloaded",
          "engine_overloaded_error",
          "model_capacity_exhausted",
          "service_tier_capacity_exceeded",
          "1312",
          // Zhipu 1305: the model's traffic is too high (该模型当前访问量过大)
          "1305",
          // FastChat ENGINE_OVERLOADED
          "42903");

  // The server's own load named, on a 429 (row transient.overloaded_429); not LiteLLM's "No
  // deployments available" 429, whose deployments are cooling after rate limits.
  static final List<String> SERVER_LOAD_WORDING =
      List.of(
          "overloaded",
          // OpenAI's flex tier ("Flex processing is temporarily unavailable due to insufficient
          // resources")
          "insufficient resources",
          // Fireworks: no first token before the deadline, under load
          "generate first token",
          "over capacity",
          "at capacity",
          "high demand",
          "server is busy",
          "负载过高",
          "繁忙",
          // capacity named spent
          "out of capacity",
          // the model's traffic too high, in Chinese
          "访问量过大",
          "访问人数过多");

  // A service named unavailable, now or for a while, in English, Russian and Ukrainian ("Сервис
  // временно недоступен", "Постачальник LLM наразі недоступний") (row in_band.overloaded, with no
  // status; beside a 5xx, SERVER_WORDING, which holds them, reads them as the status's reason
  // phrase).
  static final List<String> SERVICE_UNAVAILABLE_WORDING =
      List.of(
          "service unavailable",
          "temporarily unavailable",
          "currently unavailable",
          "временно недоступ",
          "сейчас недоступ",
          "тимчасово недоступ",
          "наразі недоступ");

  // An upstream named, as what failed or is unavailable (a relay's "Upstream service unavailable").
  static final List<String> UPSTREAM_NAMED = List.of("upstream");

  static final List<String> OVERLOADED_WORDING =
      List.of(
          // a server's queue full (Triton's "Exceeds maximum queue size")
          "maximum queue size",
          // a server crowded or under load, in Thai and Hindi
          // ("เซิร์ฟเวอร์มีผู้ใช้งานหนาแน่น", "सर्वर पर अभी बहुत अधिक लोड है")
          "หนาแน่น",
          "अधिक लोड",
          // no llama.cpp slot free for the request ("no slot available")
          "no slot available",
          "no slots available",
          // no model service available now (DB-GPT: "No model service available!")
          "no model service available",
          // no account of a relay's pool free for the model (chat2api: "No available account for
          // model")
          "no available account",
          "overloaded",
          "currently loading",
          // no deployment healthy enough to take the request (LiteLLM's router: "No healthy
          // deployments found.")
          "no healthy deployments",
          // a model still starting ("Model is warming up"), a server's queue full ("queue is full")
          "warming up",
          "queue is full",
          "high volume of traffic",
          // a deployment or servers under load, in English, Spanish, Portuguese and French
          // ("due to high load on the deployment", "Our AI servers are swamped", "Los servidores
          // están saturados", "Le service est actuellement saturé")
          "high load",
          // llama.cpp's server with every slot taken ("all slots are busy, no free slot"), a model
          // or its workers busy ("Model is busy, please try again later", "All workers are busy"),
          // a server's capacity short, in Korean ("서버 용량이 부족하여")
          "are busy",
          "is busy",
          "용량이 부족",
          "swamped",
          "saturad",
          "saturé",
          // a service named under heavy traffic ("Service is currently experiencing high traffic")
          "high traffic",
          "no deployments available",
          "over capacity",
          "at capacity",
          "capacity exceeded",
          "capacity limit",
          "no capacity available",
          "high demand",
          "server busy",
          "too busy",
          "no more data centers",
          // overloaded in Japanese, Korean, German, Spanish, Portuguese, French, Russian,
          // Vietnamese, Turkish, Indonesian
          "最大負荷",
          "過負荷",
          "混雑",
          "과부하",
          "überlastet",
          "sobrecargado",
          "sobrecarregado",
          "surchargé",
          "перегружен",
          "quá tải",
          "bão hòa",
          "aşırı yük",
          "kelebihan beban",
          "访问量过大",
          "容量不足",
          "负载过高",
          "繁忙",
          // overloaded or busy, in Traditional Chinese, Italian, Polish, Dutch, Ukrainian,
          // Japanese, Korean
          "伺服器忙碌",
          "負載過高",
          "sovraccarico",
          "przeciążony",
          "overbelast",
          "перевантажен",
          "混み合って",
          "혼잡",
          // capacity or load named, in Japanese and Chinese
          "容量制限",
          "処理能力の上限",
          "アクセスが集中",
          "负载较高",
          // capacity named spent
          "out of capacity",
          // a model still loading
          "being loaded",
          // too many users at once, compute short (the provider's load, not the caller's rate)
          "too many users",
          "compute resources",
          "使用人數過多",
          "使用人数过多",
          "需求量過高",
          "需求量过高",
          // a service at its carrying capacity, in Chinese
          "承载能力",
          "承載能力",
          // a model started but not ready yet (Baseten's ModelNotReady)
          "but not ready yet",
          "modelnotready");

  // An app's stock advice shown for any failure ("Please check your API key and credentials"): it
  // names the key without saying the key failed.
  static final List<String> KEY_ADVICE_ONLY = List.of("check your api key and credentials");

  // The key named good, so that what failed is something else ("Your API key is valid, but the
  // request is malformed"), in the corpus's languages.
  static final List<String> KEY_NAMED_VALID =
      List.of(
          "key is valid",
          // …in Dutch and Polish ("Je API-sleutel is geldig", "Twój klucz API jest ważny")
          "sleutel is geldig",
          "klucz api jest ważny",
          "キーは有効",
          "키는 유효",
          "密钥有效",
          "chiave api è valida",
          "clave de api es válida",
          "chave de api é válida",
          "clé api est valide",
          "schlüssel ist gültig",
          "anahtarınız geçerli",
          "ключ действителен");

  // An app's guess that offers the network as one cause among others ("check your connection or
  // change model type"): it names the network without saying the network failed.
  static final List<String> CONNECTION_ADVICE_ONLY =
      List.of(
          "check your connection or",
          // one of three things to check ("Please check your key or base_url, or network")
          "base_url, or network",
          "check your network or",
          // a provider named connected as a setting, not a network ("Please ensure you have a
          // connected provider that supports text generation")
          "connected provider");

  // A rate limit named outright (LiteLLM's RouterRateLimitError "No deployments available for
  // selected model": its deployments cool down after rate limits, the load is the caller's). A
  // token of text, not a credential ("Example 6174 message contains an invalid token:
  // <|fim_suffix|>" in a fine-tuning file), a fill-in-the-middle token the model's vocabulary
  // lacks (llama.cpp's "Infill is not supported by this model: prefix token is missing").
  static final List<String> TEXT_TOKEN_NAMED =
      List.of("contains an invalid token", "prefix token is missing", "suffix token is missing");

  static final List<String> RATE_LIMIT_NAMED = List.of("rate limit", "ratelimit", "rate_limit");

  // A rate limit's usage reported as a field of an answer, not a limit hit (OpenAI's v0 SDK
  // printing an answer it could not parse: "APIError: HTTP code 200 from API
  // (\"{\\\"rate_limit_usage\\\": {\")").
  static final List<String> RATE_USAGE_REPORTED = List.of("rate_limit_usage");

  static final List<String> RATE_WORDING =
      List.of(
          // requests sent too often, in Thai ("คุณส่งคำขอบ่อยเกินไป")
          "บ่อยเกินไป",
          // concurrent contexts over a connection's cap (ElevenLabs' "Maximum simultaneous contexts
          // per WebSocket connection exceeded (5)")
          "maximum simultaneous",
          // a limit of requests reached, in Polish ("API osiągnęło limit zapytań", "przekroczyło
          // limit requestów")
          "limit zapytań",
          "limit requestów",
          // the Batch API's tokens in queue over their limit, freed as batches complete
          // ("Enqueued token limit reached for gpt-4o-mini")
          "enqueued token limit",
          // not so fast, too fast, in Russian and French ("Не так быстро!", "Vous envoyez des
          // messages trop vite")
          "не так быстро",
          "trop vite",
          // messages sent too often, in Chinese and Turkish ("你发送消息的频率过快", "Yavaşla!")
          "频率过快",
          "yavaşla",
          // a user's traffic throttled, in Chinese (iFlytek 10007 "用户流量受限")
          "流量受限",
          // messages or requests too many or too fast, as consumer apps put it ("You've sent too
          // many messages in a short period of time", "短时间内发送的消息过多")
          "消息过多",
          "訊息過多",
          "频率超过限制",
          "too many messages in a short",
          "短時間に多くのリクエスト",
          "요청이 너무 잦",
          "för många förfrågningar",
          "příliš mnoho požadavků",
          "πάρα πολλά αιτήματα",
          "יותר מדי בקשות",
          "درخواست‌های بیش از حد",
          "خیلی سریع",
          "เร็วเกินไป",
          "permintaan anda dibatasi",
          "limitem četnosti",
          "rate limit",
          "too many concurrent",
          "rate_limit",
          "ratelimit",
          "too many requests",
          "throttl",
          "request limit reached",
          "request limit exceeded",
          "requestlimitexceeded",
          // a quota whose window is a minute or a second (Vertex "Quota exceeded for
          // …_requests_per_minute_per_project…"), Google's bare RESOURCE_EXHAUSTED
          "per minute",
          "per_minute",
          "per second",
          "per_second",
          "resource has been exhausted",
          "resource exhausted",
          "request rate",
          "too quickly",
          "concurrency",
          "please wait before trying again",
          "并发数过高",
          "频率过高",
          "频率上限",
          "请求过多",
          "速率限制",
          "流量限制",
          "限流",
          "速度过快",
          "访问频率",
          "concurrent requests",
          "slow down",
          "rate-limit",
          // too many requests in Japanese, Korean, German, Spanish, Portuguese, French, Russian,
          // Vietnamese, Turkish, Indonesian
          "リクエストが多すぎ",
          "レート制限",
          "요청이 너무 많",
          "속도 제한",
          // Copilot's "your request was rate-limited", as its Spanish, Portuguese and Korean
          // translations print it
          "limitada a la velocidad",
          "limitada por taxa",
          "속도가 제한",
          // a key's limit of tokens or of requests reached, in Polish (Lobe's QuotaLimitReached)
          "liczby żądań",
          // a chat app's sender going too fast ("You are sending too many messages. Try again
          // later.")
          "sending too many",
          "zu viele anfragen",
          "demasiadas solicitudes",
          "muitas solicitações",
          "muitas requisições",
          "trop de requêtes",
          "слишком много запросов",
          "quá nhiều yêu cầu",
          "çok fazla istek",
          "terlalu banyak permintaan",
          // too many requests, in Traditional Chinese, Italian, Thai, Arabic, Persian, Polish,
          // Dutch, Ukrainian, Hindi
          "請求過於頻繁",
          "請求過多",
          "請求頻率",
          "troppe richieste",
          "คำขอมากเกินไป",
          "طلبات كثيرة جدًا",
          "عدد كبير جدًا من الطلبات",
          "درخواست‌های زیادی",
          "درخواست های زیادی",
          "zbyt wiele żądań",
          "te veel verzoeken",
          "забагато запитів",
          "बहुत अधिक अनुरोध",
          // too many requests in a short time, in Japanese and Chinese
          "リクエストが多数",
          "短期間に集中",
          "频率超限",
          // too frequent, in Chinese
          "过于频繁",
          // one-api/new-api relays: the group's upstream channel answered 429 (their FAQ)
          "负载已饱和",
          "load is saturated",
          // queries per second over their limit
          "qps超限",
          "qps 超限",
          "qps limit",
          "超过qps",
          // concurrent requests at their limit, in Chinese and Japanese
          "并发请求数",
          "同時進行的請求",
          "同時実行数",
          // a rate limiter, in Chinese
          "限速",
          // requests too frequent or too many, in English, Chinese and Korean
          "too frequent",
          "请求太多",
          "請求太多",
          "요청 비율 제한",
          // requests too frequent, a request or rate limit, in German, French, Portuguese, Russian,
          // Indonesian
          "zu häufig",
          "trop fréquent",
          "muito frequente",
          "слишком част",
          "anfragelimit",
          "limite de taux",
          "batas rate",
          "лимит скорости",
          "лимит запросов",
          // DashScope's Throttling.AllocationQuota ("Allocated quota exceeded, please increase your
          // quota limit"): its per-minute token allocation
          "allocated quota exceeded, please increase",
          // a request rate named over its limit, and requests named too frequent, in Chinese and
          // Korean
          "速率超",
          "요청 제한",
          "빈번",
          // a per-minute token or request limit named by its abbreviation (OpenAI "on tokens per
          // min (TPM)")
          "tpm limit",
          "rpm limit",
          "per min (tpm)");

  /**
   * Codes specific enough to decide the status against the HTTP one (docs/design.md §4: a status
   * that contradicts the body's own code is decided by the code): a context overflow sent as 500
   * (llama.cpp {@code exceed_context_size_error}), a throttle or an unavailable model sent as 400
   * inside a stream (Bedrock's event-stream exceptions), a content block sent as 403 (OpenRouter
   * moderation). Generic envelopes ({@code invalid_request_error}, {@code api_error}) never are.
   */
  static final Map<String, Integer> DECISIVE_STATUS_OF_CODE = decisiveStatusOfCode();

  private static Map<String, Integer> decisiveStatusOfCode() {
    Map<String, Integer> m = new HashMap<>();
    put(m, 400, CONTEXT_CODES);
    put(m, 400, CONTENT_CODES);
    put(m, 409, TOOL_STOPPED_CODES);
    // Bedrock runtime exceptions
    // (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html)
    put(m, 429, "throttlingexception");
    // a request the runtime refused as malformed, whatever status a client wrapped it in
    put(m, 400, "validationexception");
    // …and a relay's code for the same ("Internal Server Error … {"error": {"message": "input is
    // required", "code": "invalid_request"}}": the relay's 500 around the upstream's refusal)
    put(m, 400, "invalid_request");
    // new-api's code for a request it could not convert for the channel's API ("not implemented")
    put(m, 400, "convert_request_failed");
    put(m, 408, "modeltimeoutexception");
    put(m, 500, "modelstreamerrorexception", "modelerrorexception", "internalserverexception");
    put(m, 503, "serviceunavailableexception", "modelnotreadyexception");
    // FastChat's code family (fastchat/constants.py ErrorCode), which its servers send on a 400
    // whatever the code: RATE_LIMIT, ENGINE_OVERLOADED, INTERNAL_ERROR, CUDA_OUT_OF_MEMORY,
    // CONTROLLER_NO_WORKER, CONTROLLER_WORKER_TIMEOUT
    put(m, 429, "42901", "42903");
    put(m, 500, "50001", "50002");
    put(m, 503, "50005");
    put(m, 504, "50006");
    return Map.copyOf(m);
  }

  /**
   * The status an in-band error's type or code stands for, when the error has no HTTP status of its
   * own: Anthropic's documented error types, OpenAI's types and codes, Google's canonical {@code
   * error.status}, LiteLLM's exception classes, AWS exception names, the local servers' types.
   * Tokens in {@link #DECISIVE_STATUS_OF_CODE} stand for their status even against the HTTP one.
   */
  static final Map<String, Integer> STATUS_OF_TOKEN = statusOfToken();

  /**
   * The classes that stand for a 500 only because an SDK raises them for any failed API call
   * ({@code openai.APIError}, {@code litellm.APIError}, a JavaScript or Rust {@code ApiError}):
   * they say a call failed, not that the server did (FailureRules#first).
   */
  static final Set<String> GENERIC_API_ERROR_CLASSES = Set.of("apierror");

  private static Map<String, Integer> statusOfToken() {
    Map<String, Integer> m = new HashMap<>();
    // 400
    put(
        m,
        400,
        "invalid_request_error",
        "invalid_argument",
        "failed_precondition",
        "out_of_range",
        "badrequesterror",
        "unsupportedparamserror",
        "validationexception",
        // TGI error_type (https://huggingface.github.io/text-generation-inference/)
        "validation",
        // Volcengine Ark error type and codes, DashScope's InvalidParameter
        "badrequest",
        "missingparameter",
        "invalidparameter",
        // Zhipu 1210 bad parameters, 1213 missing field, 1214 invalid field, 1215 conflict
        "1210",
        "1213",
        "1214",
        "1215");
    // 401 / 403 / 404
    put(m, 401, "authentication_error", "unauthenticated", "authenticationerror");
    put(m, 403, "permission_error", "permission_denied", "permissiondeniederror");
    put(
        m,
        404,
        "not_found_error",
        "not_found",
        "notfounderror",
        "model_not_found",
        "resourcenotfoundexception",
        // the Java SDKs' and LangChain4j's exception classes
        "notfoundexception",
        "modelnotfoundexception");
    put(m, 400, "badrequestexception", "invalidrequestexception", "unprocessableentityexception");
    put(m, 401, "unauthorizedexception", "authenticationexception");
    put(m, 403, "permissiondeniedexception");
    put(m, 429, "ratelimitexception");
    put(m, 408, "httptimeoutexception");
    // Moonshot (https://platform.moonshot.ai/docs/api/chat#error-explanation)
    put(m, 404, "resource_not_found_error");
    // 408 / 409 / 413
    put(m, 408, "timeout", "timeout_error", "apitimeouterror");
    put(m, 409, "aborted", "already_exists");
    put(m, 413, "request_too_large");
    // 429
    put(
        m,
        429,
        "rate_limit_error",
        "rate_limit_exceeded",
        "rate_limited",
        // a relay's every key for the model cooling down (CLIProxyAPI's "All credentials for
        // model … are cooling down")
        "model_cooldown",
        "ratelimiterror",
        "resource_exhausted",
        "too_many_requests",
        // Moonshot
        "rate_limit_reached_error",
        // Cerebras, Cohere's SDK, Google ErrorInfo reason
        "too_many_requests_error",
        "toomanyrequestserror",
        "ratelimitexceeded",
        // DashScope (https://help.aliyun.com/zh/model-studio/error-code)
        "throttling",
        "throttling.ratequota",
        "throttling.allocationquota",
        "throttling.burstrate",
        // Moonshot sends its overload as a 429
        "engine_overloaded_error",
        // Zhipu (https://docs.bigmodel.cn/cn/api/api-code): 1302 concurrency, 1303
        // frequency, 1305 traffic limit, 1312 model overloaded, 1313 fair-use limit
        "1302",
        "1312",
        "1303",
        "1305",
        "1313");
    // 5xx
    put(
        m,
        500,
        "api_error",
        "server_error",
        "internal",
        "internal_error",
        "internal_server_error",
        "internalservererror",
        "apierror",
        "data_loss",
        // TGI error_type
        "generation",
        "incomplete_generation",
        // DashScope
        "internalerror",
        // Zhipu 1234: network error
        "1234");
    // iFlytek Spark 11200 AppIdNoAuthError: no licence for the function, or its volume used up
    // ("… tokens.total"); a 403 whose words may say which
    put(m, 403, "appidnoautherror");
    put(m, 501, "unimplemented");
    // llama.cpp server (tools/server/utils.hpp format_error_response)
    put(m, 501, "not_supported_error");
    put(
        m,
        503,
        "unavailable",
        "service_unavailable",
        "serviceunavailableerror",
        "unavailable_error",
        // Google ErrorInfo reason, Mistral
        "model_capacity_exhausted",
        "service_tier_capacity_exceeded");
    put(m, 504, "deadline_exceeded");
    put(m, 529, "overloaded_error", "overloaded");
    m.putAll(DECISIVE_STATUS_OF_CODE);
    return Map.copyOf(m);
  }

  /**
   * Every code that names a category outright. Where the provider gave one, no wording row decides
   * (the wording would only be read over the provider's own answer).
   */
  static final Set<String> CATEGORY_CODES =
      union(
          ACCOUNT_CODES,
          AUTH_CODES,
          PERMISSION_CODES,
          CONTEXT_CODES,
          CONTENT_CODES,
          MODEL_GONE_CODES,
          TOOL_STOPPED_CODES);

  // The words of the last request rows, each composed of lists above and kept in a field of its
  // own so that PhraseIndex, which knows the words held in static fields, reads them through the
  // index: a parameter, a field or a format named wrong, or a field's short length exceeded (row
  // in_band.request_words), a request named wrong in the plainest grammar of validation or an
  // input named empty (row in_band.invalid_words), and a size named too big or a URI too long (row
  // in_band.size_words).
  static final Words REQUEST_WORDS_LAST =
      REQUEST_HINTS.with(FIELD_LENGTH_LIMIT).with(PARAMETER_NAMED);
  static final Words INVALID_WORDS_LAST = INVALID_HINTS.with(NOTHING_TO_SEND);
  static final Words SIZE_WORDS_LAST = SIZE_HINTS.with(URI_TOO_LONG);

  private static void put(Map<String, Integer> m, int status, String... tokens) {
    put(m, status, List.of(tokens));
  }

  private static void put(Map<String, Integer> m, int status, Collection<String> tokens) {
    for (String t : tokens) {
      m.put(t, status);
    }
  }

  /** {@code first}, then {@code second}'s phrases, then {@code more}. */
  static List<String> concat(List<String> first, List<String> second, String... more) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    all.addAll(List.of(more));
    return List.copyOf(all);
  }

  static List<String> concat(List<String> first, String... more) {
    return concat(first, List.of(), more);
  }

  @SafeVarargs
  private static Set<String> union(Set<String>... sets) {
    Set<String> all = new HashSet<>();
    for (Set<String> set : sets) {
      all.addAll(set);
    }
    return Set.copyOf(all);
  }
}
