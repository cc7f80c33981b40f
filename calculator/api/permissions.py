"""Who may do what to a session.

Reading and writing a session both need its owner or an invited member: for anyone else the
session does not exist (404, see ``selectors.access.session_for_user``). Inviting is the owner's alone.
A share link (``/api/share/<token>/``) reads without logging in.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request


class IsSessionOwner(BasePermission):
    message = "Only the session's owner may do this."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return obj.owner_id == request.user.pk
