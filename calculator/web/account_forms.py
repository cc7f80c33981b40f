"""The sign-up form: Django's, refusing a username that could pass for someone else's
(``calculator.usernames``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from calculator import usernames


class SignUpForm(UserCreationForm):
    """Django's sign-up form, refusing names that could pass for someone else
    (``calculator.usernames``): invisible characters, mixed scripts, look-alikes of an
    existing name."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Beside Django's own validator, so the message names the hidden character.
        self.fields["username"].validators.insert(0, refuse_invisible_characters)

    def clean_username(self) -> str | None:
        username = super().clean_username()
        if not username:
            return username
        if usernames.mixes_scripts(username):
            raise forms.ValidationError(
                _("用户名不能混用几种文字的字母（比如拉丁字母和西里尔字母）：%(scripts)s。"),
                code="mixed_scripts",
                params={"scripts": ", ".join(sorted(usernames.scripts_of(username)))},
            )
        lookalike = usernames.lookalike_of(username)
        if lookalike is not None:
            raise forms.ValidationError(
                _("这个用户名和已有的“%(name)s”看起来一样，请换一个。"),
                code="lookalike",
                params={"name": lookalike},
            )
        return username


def refuse_invisible_characters(username: str) -> None:
    hidden = usernames.invisible_characters(username)
    if hidden:
        raise forms.ValidationError(
            _("用户名里有看不见的字符：%(characters)s。请删掉它们。"),
            code="invisible",
            params={"characters": ", ".join(hidden)},
        )
