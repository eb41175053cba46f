"""``--mlir-print-value-users``: who uses each value, as trailing comments (upstream's form).

    op with results, all unused      ->  // unused
    op with results                  ->  // user: %5      (one user op with at most one result)
                                         // users: %7, %5, %4    ((...) per result when several)
    op without results, with operands ->  // id: %7       (such ops get a number of their own)
    block argument (a line before the block's ops)  ->  // %arg0 is used by %4   |  // %arg0 is unused

Users are listed once each, most recent use first (upstream's use-list order), by their results
(or their own number when they have none).
"""

from __future__ import annotations

from typing import Any


def _op_id(p: Any, op: Any) -> str:
    n = p.op_ids.get(id(op))
    return "%<<UNKNOWN OPERATION>>" if n is None else f"%{n}"


def _users(v: Any) -> list[Any]:
    seen: set[int] = set()
    out = []
    for u in reversed(v.uses):
        user = u[0]  # (op, operand index)
        if id(user) not in seen:
            seen.add(id(user))
            out.append(user)
    return out


def _value_users(p: Any, v: Any) -> str:
    users = _users(v)
    if not users:
        return "unused"
    return ", ".join(p.values(list(u.results)) if u.results else _op_id(p, u) for u in users)


def users_comment(p: Any, op: Any) -> str:
    res = op.results
    if not res:
        return f" // id: {_op_id(p, op)}" if op.operands else ""
    users: dict[int, Any] = {}
    for r in res:
        for u in _users(r):
            users[id(u)] = u
    if not users:
        return " // unused"
    one = len(users) == 1 and sum(len(u.results) for u in users.values()) <= 1 and len(res) == 1
    parts = [_value_users(p, r) for r in res]
    if len(res) > 1:
        parts = [f"({x})" for x in parts]
    return f" // {'user' if one else 'users'}: " + ", ".join(parts)


def block_arg_comment(p: Any, arg: Any) -> str:
    users = _value_users(p, arg)
    return f"// {p.value(arg)} is unused" if users == "unused" else f"// {p.value(arg)} is used by {users}"
