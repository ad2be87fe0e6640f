"""The tool's routes: ``/lti/login`` (OIDC login initiation, GET and POST), ``/lti/launch``
(the platform posts the ``id_token``), ``/lti/jwks`` (the tool's public keys), the
instructor's course page, the Deep Linking picker's answer and the score a page reports.

Each page may be framed by the LMS (``PRUNE_EMBED_ORIGINS``, like ``/embed…``). A refused
request is a page with a 4xx status (502 when the platform cannot be reached) saying why.
"""

from __future__ import annotations

import functools
import inspect

import requests
from flask import current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import get_translations, gettext
from pylti1p3.exception import LtiException, OIDCException, ToolConfException
from redis.exceptions import RedisError

from ..engine.errors import N_, Message
from ..security import CONTENT_SECURITY_POLICY, talisman
from ..web.pages import DRILL_LEVELS
from . import refusals
from .deep_linking import PickError, choice_from, response_jwt
from .grades import ScoreError, accept_score, is_graded, queue_and_send
from .grants import course_key, find_grant, grant_from, open_grant
from .lecture import (
    course_lecture,
    lecture_landing,
    lesson_questions,
    link_lecture,
    names,
    report,
)
from .lesson_answers import answer as lesson_answer
from .refusals import Refusal
from .targets import DEFAULT_LEARNER_TARGET, landing
from .tool import current_tool

NOT_SET_UP = Refusal(
    404,
    N_("LTI is not set up"),
    Message(N_("This Prune server has no LTI registrations (see docs/lti.md).")),
)


STORE_DOWN = Refusal(
    503,
    N_("Try again in a moment"),
    Message(N_("Prune cannot reach its store right now; nothing was lost.")),
)


def refused_page(refusal: Refusal):
    title, reason = refusal.translated(get_translations())
    page = render_template("lti/refused.html", title=title, reason=reason)
    return page, refusal.status


def answering_refusals(view):
    """Run ``view``; a refusal, or an error of the protocol library or of reaching the
    platform, becomes the refusal page. Without registrations, the NOT_SET_UP page (but
    for the views that answer without one: ``ANSWERED_WITHOUT_LMS``)."""

    @functools.wraps(view)
    def wrapper(**kwargs):
        try:
            if current_tool() is None and inspect.unwrap(view) not in ANSWERED_WITHOUT_LMS:
                raise NOT_SET_UP
            return view(**kwargs)
        except Refusal as refusal:
            return refused_page(refusal)
        except ToolConfException:
            return refused_page(refusals.unknown_issuer(request.values.get("iss")))
        except (LtiException, OIDCException) as err:
            current_app.logger.info("LTI request refused: %s", err)
            return refused_page(refusals.refusal_for(err))
        except requests.RequestException as err:
            return refused_page(refusals.platform_down(type(err).__name__))
        except RedisError as err:  # the shared store (scaled out) cannot be reached
            current_app.logger.warning("LTI store unreachable: %s", err)
            return refused_page(STORE_DOWN)

    return wrapper


def launch_url() -> str:
    public = current_app.config.get("PRUNE_PUBLIC_URL")
    if public:
        return public.rstrip("/") + url_for("lti_launch")
    return url_for("lti_launch", _external=True)


def login():
    for field in ("iss", "login_hint"):
        if not request.values.get(field):
            raise refusals.missing(field)
    oidc = current_tool().login()
    # The state's record in the store (its nonce joins it): it is what the launch checks.
    oidc.pass_params_to_launch({"target_link_uri": request.values.get("target_link_uri", "")})
    return oidc.redirect(launch_url())


def launch():
    tool = current_tool()
    message = tool.launch()
    message.validate()
    grant = grant_from(message.get_launch_data(), message.get_launch_id())
    seconds = tool.settings["PRUNE_LTI_SESSION_SECONDS"]
    if message.is_deep_link_launch():
        if grant["role"] != "instructor":
            says = Message(N_("Only an instructor may place Prune content."))
            raise Refusal(403, N_("Instructors only"), says)
        token = open_grant(tool.state, grant, seconds)
        return picker_page(token, grant, {})
    grant["target"] = landing(grant["custom"])
    if grant["role"] == "instructor" and not grant["target"]:
        token = open_grant(tool.state, grant, seconds)
        return redirect(url_for("lti_teach", token=token), 303)
    lecture = lecture_landing(tool.state, grant)
    if lecture:  # the course follows a lecture (of this lesson): the learner joins it, named
        grant["lecture"] = lecture
        token = open_grant(tool.state, grant, seconds)
        return redirect(f"/embed/join/{lecture}#lti={token}", 303)
    target = grant["target"] or DEFAULT_LEARNER_TARGET
    if not is_graded(grant):  # the page has nothing to report: no grant in its address
        return redirect(target, 303)
    token = open_grant(tool.state, grant, seconds)
    return redirect(f"{target}#lti={token}", 303)


def picker_page(token: str, grant: dict, form: dict, error: str | None = None):
    page = render_template(
        "lti/picker.html", token=token, grant=grant, form=form, levels=DRILL_LEVELS, error=error
    )
    return page, 400 if error else 200


def deep_link(token: str):
    """The picker's choice: a page whose form posts the signed answer to the platform."""
    tool = current_tool()
    grant = find_grant(tool.state, token)
    if grant is None or grant["role"] != "instructor" or not grant.get("deep_linking"):
        raise refusals.launch_needed("picker")
    form = request.form.to_dict()
    try:
        choice = choice_from(form, lesson_questions, gettext)
    except PickError as err:
        return picker_page(
            token,
            grant,
            form,
            gettext("Not placed: %(why)s.", why=err.translated(get_translations())),
        )
    registration = tool.config.find_registration_by_params(grant["issuer"], grant["client_id"])
    jwt = response_jwt(registration, grant, choice, launch_url())
    return_url = grant["deep_linking"]["deep_link_return_url"]
    return render_template("lti/placed.html", choice=choice, jwt=jwt, return_url=return_url)


def score():
    """A launched page's score: ``{"grant", "given", "maximum"}``. Kept in the outbox, then
    sent at once; ``sent`` says whether the LMS has it already (else it is sent later)."""
    tool = current_tool()
    tool.start_sender()
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        says = Message(N_("send JSON: {shape}"), shape='{"grant", "given", "maximum"}')
        return jsonify(error=says.translated(get_translations())), 400
    grant = find_grant(tool.state, body.get("grant"))
    limit = tool.settings["PRUNE_LTI_SCORES_PER_HOUR"]
    if grant is not None and tool.state.count(f"lti-reports:{body['grant']}", 3600) > limit:
        says = Message(N_("at most {limit} scores an hour from one launch"), limit=limit)
        return jsonify(error=says.translated(get_translations())), 429
    try:
        job = accept_score(tool.state, grant, body.get("given"), body.get("maximum"))
    except ScoreError as err:
        return jsonify(error=err.translated(get_translations())), 403 if grant is None else 400
    if job is None:
        return jsonify(sent=False, queued=False, kept="a better score was already sent")
    tool.state.note_score(
        course_key(grant), grant["user"], job["label"], grant["name"], job["given"], job["maximum"]
    )
    sent = queue_and_send(tool, job)
    return jsonify(sent=sent, queued=not sent), 200 if sent else 202


def jwks():
    return jsonify(current_tool().keys.jwks())


def teach(token: str):
    """The instructor's page in the course: who they are, what they may do, and the class
    summary (each learner's last score per graded item of this course)."""
    grant = find_grant(current_tool().state, token)
    if grant is None or grant["role"] != "instructor":
        raise refusals.launch_needed()
    state = current_tool().state
    scores = state.course_scores(course_key(grant))
    not_running = state.get(f"lti-lecture-error:{token}")
    if not_running is not None:
        state.forget(f"lti-lecture-error:{token}")
    page = render_template(
        "lti/teach.html",
        grant=grant,
        token=token,
        scores=scores,
        lecture=course_lecture(state, grant),
        not_running=not_running,
    )
    return page


ROUTES = (
    ("/lti/login", login, ("GET", "POST")),
    ("/lti/launch", launch, ("POST",)),
    ("/lti/jwks", jwks, ("GET",)),
    ("/lti/teach/<token>", teach, ("GET",)),
    ("/lti/deep-link/<token>", deep_link, ("POST",)),
    ("/lti/score", score, ("POST",)),
    ("/lti/teach/<token>/lecture", link_lecture, ("POST",)),
    ("/lti/lecture/report", report, ("POST",)),
    ("/lti/lecture/names", names, ("POST",)),
    ("/lti/lesson/answer", lesson_answer, ("POST",)),
)
# Asked by pages on any server: every lecture's presenter, a plain embed's lesson questions.
ANSWERED_WITHOUT_LMS = (names, lesson_answer)


def register_routes(app) -> None:
    policy = {**CONTENT_SECURITY_POLICY, "frame-ancestors": app.config["PRUNE_EMBED_ORIGINS"]}
    framable = talisman(frame_options=None, content_security_policy=policy)
    limiter = app.extensions.get("prune.limiter")
    for rule, view, methods in ROUTES:
        # A fresh wrapper per app: talisman keeps its options on the function object.
        wrapped = framable(answering_refusals(functools.wraps(view)(_call(view))))
        if view is lesson_answer and limiter is not None:
            # Anyone may have an answer graded (a plain embed, without a grant): counted with
            # the API's requests, as practice's grading is.
            wrapped = limiter.shared_limit(_api_rate_limit, scope="api")(wrapped)
        app.add_url_rule(rule, f"lti_{view.__name__}", wrapped, methods=list(methods))


def _call(view):
    def wrapper(**kwargs):
        return view(**kwargs)

    return wrapper


def _api_rate_limit() -> str:
    return current_app.config["PRUNE_API_RATE_LIMIT"]
