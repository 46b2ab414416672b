-- succeed: a success on a closed breaker, sent only when this process had counted failures there
-- or knows of a running cooldown: the fleet's failure counts start again and, the breaker being
-- closed, the cooldown ends. Published only when a cooldown ended.
redis.call('HDEL', KEYS[5], 'f', 'k')
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('DEL', KEYS[3]) == 0 then
  return snapshot()
end
return changed()
