-- succeed: a success on a closed breaker, sent only when this process had counted failures there,
-- knows the fleet is counting, or knows of a running cooldown or account state: the fleet's failure
-- counts start again and, the breaker being closed, the cooldown and the account state end.
-- Published when a count, a cooldown or an account state ended (so that the other processes stop
-- sending their successes).
local counted = redis.call('HDEL', KEYS[5], 'f', 'k') > 0
if redis.call('EXISTS', KEYS[1]) == 1 then
  return snapshot()
end
local cooled = redis.call('DEL', KEYS[3], KEYS[6]) > 0
if counted or cooled then
  return changed()
end
return snapshot()
