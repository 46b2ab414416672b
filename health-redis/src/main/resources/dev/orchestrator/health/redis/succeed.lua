-- succeed: a success on a closed breaker, sent only when this process had counted failures there
-- or knows the fleet is counting: the fleet's failure counts start again. Published when a count
-- ended (so that the other processes stop sending their successes). A cooldown (KEYS[3]) and an
-- account state (KEYS[6]) run on to their end: the success was of an attempt admitted before
-- either was set, and says nothing about the provider's word.
local counted = redis.call('HDEL', KEYS[5], 'f', 'k') > 0
if counted and redis.call('EXISTS', KEYS[1]) == 0 then
  return changed()
end
return snapshot()
