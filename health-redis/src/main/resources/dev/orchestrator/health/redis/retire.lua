-- retire: ARGV[4] until (wall ms). A remembered not_found: the longer of this and any current
-- retirement; the key lives exactly until the retirement ends.
return extend(KEYS[4])
